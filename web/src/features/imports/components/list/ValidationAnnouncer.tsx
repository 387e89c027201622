import { useEffect, useRef, useState } from 'react';
import { type ImportStatus, importStatusSummaryLabels, isPendingStatus } from '#contract/domain';
import type { Import } from '#contract/imports';
import { importTexts } from '../../texts';

interface ValidationAnnouncerProps {
  /** The pending list as it is polled. */
  imports: Import[] | undefined;
  /** The import just uploaded here: its notice says how its validation ended, so this does not. */
  uploadedId: number | null;
}

/**
 * A polite live region that says when a validation this page has watched ends
 * ("prislista.xlsx: Validering OK"), so a screen-reader user need not watch the cards.
 */
export function ValidationAnnouncer({ imports, uploadedId }: ValidationAnnouncerProps) {
  const seen = useRef(new Map<number, ImportStatus>());
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!imports) return;
    // The file uploaded here has its own notice, which says how it ended: it is not said twice.
    const ended = imports.filter((item) => {
      if (isPendingStatus(item.status) || !item.status.startsWith('VALIDATION_')) return false;
      if (item.id === uploadedId) return false;
      return seen.current.get(item.id) === 'VALIDATION_PENDING';
    });
    seen.current = new Map(imports.map((item) => [item.id, item.status]));
    if (ended.length > 0)
      setMessage(
        ended
          .map((item) =>
            importTexts.notices.validationEnded(item.fileName, importStatusSummaryLabels[item.status]),
          )
          .join(' '),
      );
  }, [imports, uploadedId]);
  return (
    <div className="visually-hidden" aria-live="polite">
      {message}
    </div>
  );
}

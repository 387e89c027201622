import type { ImportStatus } from '#contract/domain';

type Tone = 'success' | 'error' | 'pending' | 'neutral';

const tones: Record<ImportStatus, Tone> = {
  VALIDATION_PENDING: 'pending',
  VALIDATION_SUCCESS: 'success',
  VALIDATION_FAIL: 'error',
  VALIDATION_ERROR: 'error',
  IMPORT_PENDING: 'pending',
  IMPORT_SUCCESS: 'success',
  IMPORT_FAIL: 'error',
  IMPORT_ERROR: 'error',
  IMPORT_ABORTED: 'neutral',
};

/**
 * A status as a tag: its text always, a colour and a sign beside it (never colour alone, WCAG
 * 1.4.1). The sign is decoration: the text says it all.
 */
export function StatusTag({
  status,
  label,
  undone,
}: {
  status: ImportStatus;
  label: string;
  undone?: boolean;
}) {
  // An undone import is applied and taken back: neither a success nor an error any more.
  const tone = undone ? 'neutral' : tones[status];
  return (
    <span className={`status-tag status-tag--${tone}`} data-tone={tone}>
      <span className="status-tag__sign" aria-hidden="true" />
      {label}
    </span>
  );
}

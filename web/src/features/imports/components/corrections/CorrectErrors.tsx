import { type FormEvent, type RefObject, useMemo, useState } from 'react';
import type { ImportCorrectionsResponse, ValidationError } from '#contract/imports';
import { apiFailureOf } from '../../../../api/apiError';
import { profileApi } from '../../../../api/profile';
import { sv } from '../../../../ui/text/sv';
import { useSaveCorrectionsMutation } from '../../api/correctionsApi';
import {
  cellKey,
  isEmptyRequest,
  isLeftOut,
  leaveOutRow,
  problemOf,
  refusedValues,
  requestOf,
  rowsRemovedByRule,
  shownValue,
  typeValue,
} from '../../correctionRound';
import { importTexts } from '../../texts';
import { type DraftSaveState, useCorrectionDraft } from '../../useCorrectionDraft';
import type { Editing } from './ErrorTable';

const correctionTexts = importTexts.corrections;

interface CorrectingProps {
  organizationId: number;
  importId: number;
  /** The corrections kept (the version the round is typed on); undefined while not correcting. */
  corrections: ImportCorrectionsResponse | undefined;
  onValidatingAgain: (() => void) | undefined;
  correctable: boolean;
  /** Every error the page has read (the summary's and the filtered page's). */
  knownErrors: readonly ValidationError[];
  formRef: RefObject<HTMLFormElement | null>;
}

/**
 * Correcting the errors on the summary: the round being typed (kept as a draft on the server),
 * each typed value checked by the validation's own rules at its field, and "Validera igen", which
 * sends nothing while a value would be refused (decisions 0034 and 0043).
 */
export function useCorrecting({
  organizationId,
  importId,
  corrections,
  onValidatingAgain,
  correctable,
  knownErrors,
  formRef,
}: CorrectingProps) {
  // The profile the app has read (never a request of its own): whose draft this tab may keep.
  const userId = profileApi.endpoints.getProfile.useQueryState(undefined).data?.id;
  const draft = useCorrectionDraft({ organizationId, importId, userId }, correctable);
  const { round, change } = draft;
  /** Fields whose problem is said: left once, or refused by "Validera igen". */
  const [told, setTold] = useState<ReadonlySet<string>>(new Set());
  /** What the last "Validera igen" came to; `shown` counts them, so a repeated message is read again. */
  const [outcome, setOutcome] = useState<{ text: string; shown: number } | null>(null);
  const [save, { isLoading: isSaving }] = useSaveCorrectionsMutation();
  const removedByRule = useMemo(() => rowsRemovedByRule(round, knownErrors), [round, knownErrors]);

  const editing: Editing | undefined = correctable
    ? {
        valueOf: (error) => shownValue(round, error),
        change: (error, value) => change((current) => typeValue(current, error, value)),
        leave: (error) =>
          setTold((current) =>
            current.has(cellKey(error.row, error.column))
              ? current
              : new Set(current).add(cellKey(error.row, error.column)),
          ),
        problemOf: (error) => {
          const key = cellKey(error.row, error.column);
          // A value set for all is said at once; a typed one once its field is left.
          return told.has(key) || !round.cells.has(key) ? problemOf(round, error) : null;
        },
        isLeftOut: (row) => isLeftOut(round, row),
        isRemovedByRule: (row) => removedByRule.has(row),
        leaveOut: (row, out) => change((current) => leaveOutRow(current, row, out)),
      }
    : undefined;

  const showOutcome = (text: string) => setOutcome((current) => ({ text, shown: (current?.shown ?? 0) + 1 }));

  const validateAgain = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || !corrections || !onValidatingAgain) return;
    const refused = refusedValues(round, removedByRule);
    if (refused.length > 0) {
      // Said at each field, and nothing sent: the first field shown gets the focus.
      setTold(
        (current) => new Set([...current, ...refused.map(({ cell }) => cellKey(cell.row, cell.column))]),
      );
      showOutcome(correctionTexts.refused(refused.length));
      setTimeout(() =>
        formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const request = requestOf(round);
    if (isEmptyRequest(request)) {
      showOutcome(correctionTexts.nothingChanged);
      return;
    }
    setOutcome(null);
    try {
      await save({ organizationId, importId, basedOn: corrections.version, ...request }).unwrap();
      draft.clear();
      onValidatingAgain();
    } catch (error) {
      // 400, 409 (someone else saved meanwhile), 410: the server's words; what was typed stays.
      const { status, message } = apiFailureOf(error);
      showOutcome(message ?? (status === 409 ? correctionTexts.cannotValidateNow : sv.app.actionFailed));
    }
  };

  return { round, change, editing, validateAgain, outcome, isSaving, draft };
}

/** Under "Validera igen": whether the draft is kept, and what of an earlier draft came back. */
export function DraftStatus({
  saveState,
  restored,
}: {
  saveState: DraftSaveState;
  restored: { dropped: number; found: boolean } | null;
}) {
  const texts = correctionTexts.draft;
  return (
    <>
      {restored?.found && saveState === 'idle' && <p className="corrections-draft">{texts.restored}</p>}
      {restored && restored.dropped > 0 && (
        <p className="corrections-draft">{texts.dropped(restored.dropped)}</p>
      )}
      {/* Saving and saved are seen, not announced at every pause in typing; a failure is said. */}
      {saveState === 'failed' ? (
        <p className="corrections-draft" role="alert">
          {texts.failed}
        </p>
      ) : (
        saveState !== 'idle' && (
          <p className="corrections-draft">{saveState === 'saving' ? texts.saving : texts.saved}</p>
        )
      )}
    </>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { type CellProblem, checkCellText } from '#contract/cellRules';
import type { ValidationRule } from '#contract/domain';
import type { ValidationError, ValidationErrorCount } from '#contract/imports';
import { type CorrectionRound, leaveOutAllRows, ruleKey, setAllTo, undoSetAll } from '../../correctionRound';
import { importTexts } from '../../texts';

const texts = importTexts.corrections.bulk;

/** Errors that are not a row's cell: a header column twice (row 1), a price list gone (row 0). */
const notOfRows: readonly ValidationRule[] = ['DUPLICATE_COLUMN', 'INACTIVE_PRICELIST'];

/** Whether the count pressed offers "Sätt alla till …" (one value for every such cell) and removing every row. */
export function bulkActionsFor(count: ValidationErrorCount) {
  const rowsOnly = notOfRows.includes(count.rule);
  return {
    // One article number for every row would only make them duplicates.
    setAll: !rowsOnly && count.column !== 'Artikelnummer',
    leaveOutAll: !rowsOnly,
  };
}

interface BulkCorrectionsProps {
  count: ValidationErrorCount;
  round: CorrectionRound;
  change: (next: (current: CorrectionRound) => CorrectionRound) => void;
  /** The errors of the count the page has read: their fields show the value at once. */
  errors: readonly ValidationError[];
}

/**
 * For the count pressed in the error overview: "Sätt alla till …" (one value for every error of
 * the rule, checked as the validation checks a cell) and "Ta bort alla rader med det här felet".
 * Both go with the next "Validera igen" as ordinary corrections, and the server applies them to
 * every such error, not only those on the page; each can be undone until then. The buttons stay
 * where they are, so the focus does not move.
 */
export function BulkCorrections({ count, round, change, errors }: BulkCorrectionsProps) {
  const id = useId();
  const key = ruleKey(count.column, count.rule);
  const setAll = round.setAll.get(key);
  const removed = round.leaveOutAll.has(key);
  const [value, setValue] = useState(setAll?.value ?? '');
  const [problem, setProblem] = useState<CellProblem | null>(null);
  const offered = bulkActionsFor(count);
  if (!offered.setAll && !offered.leaveOutAll) return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkCellText(count.column, value);
    setProblem(found);
    if (found) return;
    change((current) => setAllTo(current, { column: count.column, rule: count.rule, value }, errors));
  };

  return (
    <section className="bulk-corrections" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{texts.heading(count.label)}</h3>
      {offered.setAll && (
        <form noValidate onSubmit={submit}>
          <div className="bulk-corrections__row">
            <label htmlFor={`${id}-value`}>{texts.setAllLabel}</label>
            <input
              id={`${id}-value`}
              type="text"
              value={value}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => {
                setValue(event.target.value);
                if (problem) setProblem(checkCellText(count.column, event.target.value));
              }}
            />
            <button type="submit" className="button secondary">
              {texts.setAll}
            </button>
          </div>
          {problem && (
            <p id={`${id}-problem`} className="bulk-corrections__problem">
              {problem.message}
            </p>
          )}
        </form>
      )}
      <p role="status">
        {setAll ? texts.setAllDone(count.count, setAll.value) : ''}
        {setAll && removed ? ' ' : ''}
        {removed ? texts.leaveOutAllDone(count.count) : ''}
      </p>
      <div className="button-row">
        {setAll && (
          <button
            type="button"
            className="button secondary"
            onClick={() => change((current) => undoSetAll(current, count.column, count.rule))}
          >
            {texts.undoSetAll}
          </button>
        )}
        {offered.leaveOutAll && (
          // One button for both ways: it stays where it is, and so does the focus.
          <button
            type="button"
            className="button secondary"
            aria-pressed={removed}
            onClick={() => change((current) => leaveOutAllRows(current, count.column, count.rule, !removed))}
          >
            {texts.leaveOutAll}
          </button>
        )}
      </div>
    </section>
  );
}

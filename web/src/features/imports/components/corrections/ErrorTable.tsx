import { useId } from 'react';
import type { CellProblem } from '#contract/cellRules';
import { isCorrectableError } from '#contract/domain';
import type { ValidationError } from '#contract/imports';
import { ScrollRegion } from '../../../../ui/ScrollRegion';
import { importTexts } from '../../texts';
import '../../corrections.css';

const texts = importTexts.summaryPage;
const correctionTexts = importTexts.corrections;

/** What the table's rows may edit: the round being typed, kept across filters. */
export interface Editing {
  valueOf: (error: ValidationError) => string;
  change: (error: ValidationError, value: string) => void;
  /** The field was left: its problem, if any, is said from now on. */
  leave: (error: ValidationError) => void;
  /** What the validation would say of the typed value, once it is to be said; null otherwise. */
  problemOf: (error: ValidationError) => CellProblem | null;
  isLeftOut: (row: number) => boolean;
  /** Removed with every row of an error ("Ta bort alla rader med det här felet"). */
  isRemovedByRule: (row: number) => boolean;
  leaveOut: (row: number, leftOut: boolean) => void;
}

/**
 * The errors as a table: each error's row, article (number and Benämning, the row's other values
 * on demand), column, cell, value and message; while correcting, the value is a field checked by
 * the validation's own rules and each row can be removed from the price list. Below 640 px each
 * error is a card (corrections.css), its field and message together.
 */
export function ErrorTable({
  errors,
  total,
  editing,
}: {
  errors: readonly ValidationError[];
  total: number;
  editing?: Editing | undefined;
}) {
  const id = useId();
  const columns = importTexts.errorColumns;
  return (
    <ScrollRegion label={texts.errorsHeading}>
      <table className="data-table errors-table">
        <caption>{importTexts.showingErrors(errors.length, total)}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.row}</th>
            <th scope="col">{columns.articleNumber}</th>
            <th scope="col">{columns.articleName}</th>
            <th scope="col">{columns.sheet}</th>
            <th scope="col">{columns.column}</th>
            <th scope="col">{columns.cell}</th>
            <th scope="col">{columns.value}</th>
            <th scope="col">{columns.message}</th>
            {editing && <th scope="col">{correctionTexts.leaveOutColumn}</th>}
          </tr>
        </thead>
        <tbody>
          {errors.map((error, index) => (
            // Several errors may share a row and a column; their order is the server's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for one filter
            <ErrorRow key={index} error={error} editing={editing} id={`${id}-${index}`} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function ErrorRow({
  error,
  editing,
  id,
}: {
  error: ValidationError;
  editing?: Editing | undefined;
  id: string;
}) {
  const columns = importTexts.errorColumns;
  const removed = editing ? editing.isLeftOut(error.row) || editing.isRemovedByRule(error.row) : false;
  const problem = editing?.problemOf(error) ?? null;
  const messageId = `${id}-message`;
  const problemId = `${id}-problem`;
  return (
    <tr>
      <td data-label={columns.row}>{error.row}</td>
      <td data-label={columns.articleNumber}>{error.articleNumber ?? ''}</td>
      <td data-label={columns.articleName}>
        {error.articleName ?? ''}
        <RowValues error={error} />
      </td>
      <td data-label={columns.sheet}>{error.sheet}</td>
      <td data-label={columns.column}>
        {error.column}
        {error.fileColumn && (
          // Under our name, the column as the supplier's file names it.
          <>
            {' '}
            <span className="errors-table__file-column">
              {importTexts.columnMapping.inFile(error.fileColumn)}
            </span>
          </>
        )}
      </td>
      <td data-label={columns.cell}>{error.cell ?? ''}</td>
      <td data-label={columns.value} className="errors-table__value-cell">
        {editing && isCorrectableError(error) ? (
          // A cell's error: its value is a field, described by what is wrong with what was typed
          // (said here, before anything is sent) and by the error's message.
          <>
            <input
              type="text"
              className="errors-table__value"
              aria-label={correctionTexts.valueLabel(
                error.column,
                error.articleNumber,
                error.row,
                error.cell ?? '',
              )}
              aria-describedby={problem ? `${problemId} ${messageId}` : messageId}
              aria-invalid={problem ? true : undefined}
              value={editing.valueOf(error)}
              disabled={removed}
              onChange={(event) => editing.change(error, event.target.value)}
              onBlur={() => editing.leave(error)}
            />
            {problem && !removed && (
              <span id={problemId} className="errors-table__problem">
                {problem.message}
              </span>
            )}
          </>
        ) : (
          error.value
        )}
      </td>
      <td data-label={columns.message} id={messageId}>
        {error.message}
      </td>
      {editing && (
        <td data-label={correctionTexts.leaveOutColumn}>
          <label className="errors-table__leave-out">
            {/* Named with its row and article: the visible label alone is the same on every row. */}
            <input
              type="checkbox"
              aria-label={correctionTexts.leaveOutLabel(error.row, error.articleNumber)}
              aria-describedby={editing.isRemovedByRule(error.row) ? `${id}-by-rule` : undefined}
              checked={removed}
              disabled={editing.isRemovedByRule(error.row)}
              onChange={(event) => editing.leaveOut(error.row, event.target.checked)}
            />{' '}
            {correctionTexts.leaveOut}
          </label>
          {editing.isRemovedByRule(error.row) && (
            <span id={`${id}-by-rule`} className="errors-table__by-rule">
              {correctionTexts.removedWithRule}
            </span>
          )}
        </td>
      )}
    </tr>
  );
}

/** "Visa radens värden": the row as the file has it, so a row without an article number can be told. */
function RowValues({ error }: { error: ValidationError }) {
  if (!error.rowValues?.length) return null;
  return (
    <details className="errors-table__row-values">
      <summary>
        {correctionTexts.rowValues}
        <span className="visually-hidden">{correctionTexts.rowValuesOf(error.row)}</span>
      </summary>
      <dl>
        {error.rowValues.map(({ column, value }) => (
          <div key={column}>
            <dt>{column}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

import { type ColumnChoice, type FileSheet, fileColumnLabel } from '#contract/columnMapping';
import { samplesText, unusedFileColumns } from '../../columnMappingText';
import { importTexts } from '../../texts';

const texts = importTexts.columnMapping;

/**
 * The chosen sheet's header row, compactly: each column by its letter and header, with its first
 * values under it. Text in the list item, so a screen reader reads the values with the column.
 */
export function HeaderRow({ id, sheet }: { id: string; sheet: FileSheet }) {
  return (
    <div className="column-mapping__header-row">
      <p id={`${id}-header-row`} className="field__label">
        {texts.headerRow(sheet.name)}
      </p>
      {sheet.columns.length === 0 ? (
        <p>{texts.noHeaderRow}</p>
      ) : (
        <ul className="file-columns" aria-labelledby={`${id}-header-row`}>
          {sheet.columns.map((column) => {
            const samples = samplesText(column);
            return (
              <li key={column.column}>
                {fileColumnLabel(column)}
                {samples !== null && (
                  <>
                    {/* A space, so the label and the values are not read as one word. */}{' '}
                    <span className="file-columns__samples">{samples}</span>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * Under the choices: the file's columns that will not be read, and what a choice does to the
 * price list ("Behåll nuvarande värden", or a column whose empty cell clears the value). The
 * group of choices is described by it (`id`).
 */
export function MappingOutcome({
  id,
  sheet,
  choice,
}: {
  id: string;
  sheet: FileSheet;
  choice: ColumnChoice;
}) {
  const unused = unusedFileColumns(sheet, choice);
  return (
    <div className="column-mapping__outcome" id={id}>
      <p>{unused.length > 0 ? texts.unusedColumns(unused.map(fileColumnLabel)) : texts.allColumnsUsed}</p>
      <p>{texts.keepValuesExplained}</p>
      <p>{texts.chosenExplained}</p>
    </div>
  );
}

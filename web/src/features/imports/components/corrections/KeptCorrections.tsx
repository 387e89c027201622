import type { ImportCorrectionsResponse } from '#contract/imports';
import { type DataColumn, DataTable } from '../../../../ui/DataTable';
import { resourceUrls } from '../../api/resourceUrls';
import { formatDateTime } from '../../format';
import { importTexts } from '../../texts';

interface KeptCorrectionsProps {
  organizationId: number;
  importId: number;
  corrections: ImportCorrectionsResponse;
}

const texts = importTexts.corrections;

const keptColumns: DataColumn<ImportCorrectionsResponse['corrections'][number]>[] = [
  { header: texts.keptColumns.cell, cell: (cell) => cell.cell },
  { header: texts.keptColumns.column, cell: (cell) => cell.column },
  { header: texts.keptColumns.change, cell: (cell) => texts.change(cell.oldValue, cell.newValue) },
  { header: texts.keptColumns.by, cell: (cell) => cell.by ?? texts.unknownPerson },
  { header: texts.keptColumns.at, cell: (cell) => formatDateTime(cell.at) },
];

/**
 * The corrections kept for the import, every round ("Rättade värden", "Artiklar som tas bort ur prislistan"),
 * and the supplier's own file with them written in, so their copy in Excel can be brought up to
 * date. Nothing when the import has none.
 */
export function KeptCorrections({ organizationId, importId, corrections }: KeptCorrectionsProps) {
  const { corrections: cells, leftOut } = corrections;
  if (cells.length === 0 && leftOut.length === 0) return null;
  return (
    <section className="kept-corrections" aria-labelledby="kept-corrections-heading">
      <h2 id="kept-corrections-heading">{texts.keptHeading}</h2>
      <p>
        <a href={resourceUrls.correctedFile(organizationId, importId)} download>
          {texts.download}
        </a>
      </p>
      {cells.length > 0 && (
        <DataTable
          label={texts.keptHeading}
          columns={keptColumns}
          rows={cells}
          rowKey={(cell) => `${cell.row} ${cell.column}`}
        />
      )}
      {leftOut.length > 0 && (
        <>
          <h3 id="left-out-heading">{texts.leftOutHeading}</h3>
          <ul aria-labelledby="left-out-heading">
            {leftOut.map(({ row, by, at }) => (
              <li key={row}>{texts.leftOutRow(row, by, formatDateTime(at))}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import type { ImportCorrectionsResponse } from '#contract/imports';
import { ScrollRegion } from '../../../../ui/ScrollRegion';
import { resourceUrls } from '../../api/resourceUrls';
import { formatDateTime } from '../../format';
import { importTexts } from '../../texts';

interface KeptCorrectionsProps {
  organizationId: number;
  importId: number;
  corrections: ImportCorrectionsResponse;
}

const texts = importTexts.corrections;

/**
 * The corrections kept for the import, every round ("Rättade värden", "Artiklar som tas bort ur prislistan"),
 * and the supplier's own file with them written in, so their copy in Excel can be brought up to
 * date. Nothing when the import has none.
 */
export function KeptCorrections({ organizationId, importId, corrections }: KeptCorrectionsProps) {
  const { corrections: cells, leftOut } = corrections;
  if (cells.length === 0 && leftOut.length === 0) return null;
  const columns = texts.keptColumns;
  return (
    <section className="kept-corrections" aria-labelledby="kept-corrections-heading">
      <h2 id="kept-corrections-heading">{texts.keptHeading}</h2>
      <p>
        <a href={resourceUrls.correctedFile(organizationId, importId)} download>
          {texts.download}
        </a>
      </p>
      {cells.length > 0 && (
        <ScrollRegion label={texts.keptHeading}>
          <table className="data-table">
            <caption className="visually-hidden">{texts.keptHeading}</caption>
            <thead>
              <tr>
                <th scope="col">{columns.cell}</th>
                <th scope="col">{columns.column}</th>
                <th scope="col">{columns.change}</th>
                <th scope="col">{columns.by}</th>
                <th scope="col">{columns.at}</th>
              </tr>
            </thead>
            <tbody>
              {cells.map((cell) => (
                <tr key={`${cell.row} ${cell.column}`}>
                  <td>{cell.cell}</td>
                  <td>{cell.column}</td>
                  <td>{texts.change(cell.oldValue, cell.newValue)}</td>
                  <td>{cell.by ?? texts.unknownPerson}</td>
                  <td>{formatDateTime(cell.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
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

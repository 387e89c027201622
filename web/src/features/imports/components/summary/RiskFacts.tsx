import { pricelistTimeStatusLabels } from '#contract/domain';
import type { ImportRisk } from '#contract/imports';
import { formatCount } from '../../../../ui/format';
import { importTexts } from '../../texts';

const texts = importTexts.risk;

/**
 * Beside the counts: what confirming does to prices, the rows it removes (and how many of them the
 * user chose to remove) and the stored values it empties, every column, also where the server
 * does not call it a risk. Summaries from before these facts lack them, and so does the list.
 */
export function RiskFacts({ risk }: { risk: ImportRisk }) {
  const cleared = risk.clearedValues?.filter((column) => column.rows > 0);
  return (
    <>
      <h3>{texts.heading}</h3>
      <dl className="facts risk-facts">
        <dt>{texts.pricelist}</dt>
        <dd>
          {importTexts.dialog.pricelistOption(
            risk.pricelist.number,
            pricelistTimeStatusLabels[risk.pricelist.status],
          )}
        </dd>
        <dt>{texts.increases}</dt>
        <dd>{texts.change(risk.priceIncreases, risk.largestIncrease)}</dd>
        <dt>{texts.decreases}</dt>
        <dd>{texts.change(risk.priceDecreases, risk.largestDecrease)}</dd>
        <dt>{texts.median}</dt>
        <dd>{texts.medianValue(risk.medianChangePercent)}</dd>
        <dt>{texts.setToZero}</dt>
        <dd>{formatCount(risk.pricesSetToZero)}</dd>
        {/* The count of removed rows is above; here only when some of them were the user's choice. */}
        {(risk.removedByChoice ?? 0) > 0 && (
          <>
            <dt>{texts.removed}</dt>
            <dd>{texts.removedValue(risk.removed, risk.removedByChoice ?? 0)}</dd>
          </>
        )}
        {cleared && (
          <>
            <dt>{texts.cleared}</dt>
            <dd>
              {cleared.length === 0 ? (
                texts.noneCleared
              ) : (
                <ul className="risk-facts__cleared">
                  {cleared.map(({ column, rows, articleNumbers }) => (
                    <li key={column}>{texts.clearedRows(rows, column, articleNumbers)}</li>
                  ))}
                </ul>
              )}
            </dd>
          </>
        )}
      </dl>
    </>
  );
}

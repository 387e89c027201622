import type { ImportRisk } from '#contract/imports';
import { importTexts } from '../../texts';

/**
 * What confirming does beyond the server's warnings, in the dialog's list: the rows removed (and
 * how many of them the user chose to remove) and the values emptied, each unless a warning says it
 * already. The server words a removal as "… tas bort från prislista …" and a clearing as "…
 * förlorar {column}…" (server/src/pricelistFile/riskRules.ts); below its thresholds it says nothing.
 */
export function consequencesBesideWarnings(risk: ImportRisk): string[] {
  const texts = importTexts.risk;
  const said = (part: string) => risk.warnings.some((warning) => warning.includes(part));
  const sentences: string[] = [];
  if (risk.removed > 0 && !said(' tas bort från '))
    sentences.push(texts.removedRows(risk.removed, risk.removedByChoice ?? 0));
  for (const { column, rows, articleNumbers } of risk.clearedValues ?? [])
    if (rows > 0 && !said(`förlorar ${column}`))
      sentences.push(texts.clearedRows(rows, column, articleNumbers));
  return sentences;
}

/**
 * The risks of an import as the server words them (server/src/pricelistFile/riskRules.ts): each
 * says how much of the list it touches and names the articles; a removal also says why and that
 * the import can be undone. Then what else confirming does (rows removed, values emptied), in the
 * same list. For the confirm dialog.
 */
export function RiskWarnings({ risk }: { risk: ImportRisk }) {
  // Summaries written before the removal warning named the undo say it here.
  const namesUndo = risk.warnings.some((warning) => warning.includes('”Ångra inläsning”'));
  return (
    <>
      <ul className="risk-warnings">
        {[...risk.warnings, ...consequencesBesideWarnings(risk)].map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      {!namesUndo && <p>{importTexts.riskGuard.undo}</p>}
    </>
  );
}

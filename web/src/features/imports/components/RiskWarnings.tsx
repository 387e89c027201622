import type { ImportRisk } from '#contract/imports';
import { importTexts } from '../texts';

/**
 * The risks of an import as the server words them (server/src/pricelistFile/riskRules.ts): each
 * says how much of the list it touches and names the articles; a removal also says why and that
 * the import can be undone. For the summary's risk box and the confirm dialog alike.
 */
export function RiskWarnings({ risk }: { risk: ImportRisk }) {
  // Summaries written before the removal warning named the undo say it here.
  const namesUndo = risk.warnings.some((warning) => warning.includes('”Ångra inläsning”'));
  return (
    <>
      <ul className="risk-warnings">
        {risk.warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      {!namesUndo && <p>{importTexts.riskGuard.undo}</p>}
    </>
  );
}

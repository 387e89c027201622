import type { SavedMappingMismatch } from '#contract/imports';
import { importTexts } from '../../texts';

const texts = importTexts.columnMapping.mismatch;

/**
 * Beside the mapping step: why the organisation's saved mapping did not read this file (it is
 * used only for exactly the headers it was saved with), header by header.
 */
export function SavedMappingMismatchNotice({
  mismatch,
  offersMapping,
}: {
  mismatch: SavedMappingMismatch;
  /** The mapping form follows: say what to do there. */
  offersMapping: boolean;
}) {
  return (
    <section className="saved-mapping-mismatch" aria-labelledby="saved-mapping-mismatch-heading">
      <h2 id="saved-mapping-mismatch-heading">{texts.heading}</h2>
      <p>{texts.intro(mismatch.sheet)}</p>
      <ul>
        {mismatch.missingHeaders.map((header) => (
          <li key={`missing-${header}`}>{texts.missing(header)}</li>
        ))}
        {mismatch.newHeaders.map((header) => (
          <li key={`new-${header}`}>{texts.added(header)}</li>
        ))}
      </ul>
      {offersMapping && <p>{texts.after}</p>}
    </section>
  );
}

import './catalogueNotice.css';
import type { ImportSummary } from '#contract/imports';

/** The words of the notice: its own, so that it needs nothing of the summary page's texts. */
export const catalogueNoticeTexts = {
  catalogue:
    'Filen är en Peppol-katalog (Peppol BIS Catalogue 3) som lästs in genom API:t. Varje katalograd har validerats som en rad i prislistan.',
  ignored: (count: number) =>
    count === 1
      ? 'Ett element i katalogen har ingen motsvarighet i prislistan och lästes inte in:'
      : `${count} element i katalogen har ingen motsvarighet i prislistan och lästes inte in:`,
  noneIgnored: 'Allt i katalogen lästes in.',
} as const;

/**
 * Above the result of a Peppol catalogue's validation (decision 0038): that the file was a
 * catalogue, and the elements it has that a price list does not keep, each once, by its path
 * below `Catalogue` (`summary.ignoredElements`, which only a catalogue's summary has).
 */
export function CatalogueNotice({ summary }: { summary: ImportSummary }) {
  if (summary.type === 'INVALID_FORMAT' || summary.ignoredElements === undefined) return null;
  const ignored = summary.ignoredElements;
  const texts = catalogueNoticeTexts;
  return (
    <div className="banner catalogue-notice">
      <p>{texts.catalogue}</p>
      {ignored.length === 0 ? (
        <p>{texts.noneIgnored}</p>
      ) : (
        <>
          <p>{texts.ignored(ignored.length)}</p>
          <ul className="catalogue-notice__elements">
            {ignored.map((element) => (
              <li key={element}>
                <code>{element}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

import { useId } from 'react';
import { sv } from '../../ui/text/sv';
import { useGetDynamicTextQuery } from './api';
import { sanitizeHtml } from './sanitizeHtml';
import { startTexts } from './texts';

/**
 * "Nyheter" shows dynamic text 1. Texts 2 (welcome) and 3 (links) are fetched too, but the
 * shell does not show them (docs/product.md, "Calls").
 */
export function NewsPanel() {
  const headingId = useId();
  const news = useGetDynamicTextQuery(1);
  useGetDynamicTextQuery(2);
  useGetDynamicTextQuery(3);

  return (
    <section className="start-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{startTexts.news}</h2>
      {news.isLoading && <p role="status">{sv.app.loading}</p>}
      {news.isError && <p className="error-text">{startTexts.newsFailed}</p>}
      {news.data && (
        <div
          className="start-news"
          // The HTML is sanitized just before it is rendered (DOMPurify; see sanitizeHtml).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized dynamic text
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(news.data.dynamicText) }}
        />
      )}
    </section>
  );
}

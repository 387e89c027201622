import { useEffect, useId, useState } from 'react';
import { sv } from '../../ui/text/sv';
import { useGetDynamicTextQuery } from './api';
import { isPlainMarkup } from './plainMarkup';
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
  const html = useSafeHtml(news.data?.dynamicText);

  return (
    <section className="start-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{startTexts.news}</h2>
      {(news.isLoading || (news.data && html === undefined)) && <p role="status">{sv.app.loading}</p>}
      {news.isError && <p className="error-text">{startTexts.newsFailed}</p>}
      {html !== undefined && (
        <div
          className="start-news"
          // Plain markup as it is, anything else cleaned by DOMPurify (see plainMarkup, sanitizeHtml).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: plain or sanitized dynamic text
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </section>
  );
}

/**
 * The text to show: plain markup as it is; other markup once DOMPurify, loaded only for it, has
 * cleaned it (undefined until then, and while there is no text).
 */
function useSafeHtml(html: string | undefined): string | undefined {
  const plain = html !== undefined && isPlainMarkup(html);
  const [cleaned, setCleaned] = useState<{ from: string; html: string } | null>(null);
  useEffect(() => {
    if (html === undefined || plain) return;
    let current = true;
    void import('./sanitizeHtml').then(({ sanitizeHtml }) => {
      if (current) setCleaned({ from: html, html: sanitizeHtml(html) });
    });
    return () => {
      current = false;
    };
  }, [html, plain]);
  if (html === undefined) return undefined;
  if (plain) return html;
  return cleaned?.from === html ? cleaned.html : undefined;
}

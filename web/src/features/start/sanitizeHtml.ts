import DOMPurify from 'dompurify';

/**
 * Dynamic texts are HTML written by administrators (docs/product.md, "Calls"); only markup survives:
 * no script, no event handler, no javascript: address, no forms or styles.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

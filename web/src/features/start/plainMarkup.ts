/**
 * Whether a dynamic text is plain markup that needs no cleaning: text, and only these tags as
 * written here, without attributes (`<p>`, `<h3>`, `<strong>`, `<ul>`, `<li>`, …), and links
 * written exactly `<a href="https://…">`. Nothing in such a text can run, load or style
 * anything, so it is shown as it is; any other markup goes through DOMPurify (sanitizeHtml),
 * which is then loaded. A news text as administrators write it passes, so the start page does not
 * carry DOMPurify for it (docs/benchmarks.md).
 */
export function isPlainMarkup(html: string): boolean {
  let at = html.indexOf('<');
  while (at !== -1) {
    plainTag.lastIndex = at;
    if (!plainTag.test(html)) return false;
    at = html.indexOf('<', plainTag.lastIndex);
  }
  return true;
}

/** One tag at the given place (sticky): a few elements without attributes, or an https link. */
const plainTag =
  /<(?:\/?(?:p|h[2-6]|strong|em|b|i|u|ul|ol|li|blockquote)|br ?\/?|\/a|a href="https:\/\/[^"<>\s`]+")>/y;

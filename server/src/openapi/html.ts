/**
 * What the server-drawn pages of /api-dokumentation share (the reference, the guide): escaping,
 * the little Markdown of the document's descriptions, anchors, and the frame of a page.
 */

export const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** The little Markdown the descriptions use: paragraphs, lines starting "- " as a list, `code`, **bold**. */
export function markdown(text: string): string {
  const inline = (line: string) =>
    escapeHtml(line)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  return text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => {
      const lines = paragraph.split('\n');
      if (lines.every((line) => line.startsWith('- ')))
        return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('\n');
}

/** An id for an anchor: ASCII letters, digits and dashes. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A shell command the reader copies: the copy button (reference/copy.js) finds it by its class.
 * Without the script it is a block of text like any example.
 */
export const commandBlock = (command: string) =>
  `<pre class="example command"><code>${escapeHtml(command)}</code></pre>`;

/** Where the copy buttons' script is served (referencePage.ts), under the page's own path. */
export const COPY_SCRIPT_PATH = '/api-dokumentation/kopiera.js';

/** A page of /api-dokumentation: the site's header, the content, the copy buttons' script. */
export function pageHtml(page: { title: string; styles: string; main: string }): string {
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} – Hjälpmedelsdatabasen</title>
<link rel="icon" href="data:,">
<style>${page.styles}</style>
<script src="${COPY_SCRIPT_PATH}" defer></script>
</head>
<body>
<header class="site">
<p><a href="/">Hjälpmedelsdatabasen</a></p>
</header>
${page.main}
</body>
</html>
`;
}

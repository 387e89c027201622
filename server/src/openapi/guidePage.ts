import markdownIt from 'markdown-it';
import { commandBlock, escapeHtml, pageHtml, slug } from './html';
import { EXAMPLE_URL } from './quickStart';

/**
 * docs/api-guide.md as a page of the site, /api-dokumentation/guide, drawn once at start with
 * markdown-it (docs/decisions/0044-pages-for-integrators.md). Nothing in the guide can put
 * markup or script on the page: HTML in the Markdown is shown as text (`html: false`), and a
 * link goes only to this site or over https, else it stays text. Its shell blocks get the copy
 * buttons; its example address becomes the service's own on each request (guideFor).
 */

export const GUIDE_PATH = '/api-dokumentation/guide';

const renderer = markdownIt({ html: false, linkify: false, typographer: false });
renderer.validateLink = (url: string) => /^(https:\/\/|\/(?!\/)|#)/i.test(url.trim());
// A shell block is a command to copy; any other block is an example to read.
renderer.renderer.rules.fence = (tokens, index) => {
  const token = tokens[index]!;
  const content = token.content.replace(/\n$/, '');
  return token.info.trim() === 'sh'
    ? `${commandBlock(content)}\n`
    : `<pre class="example"><code>${escapeHtml(content)}</code></pre>\n`;
};
// Headings carry an id, so a step can be linked to (…/guide#5-confirm).
renderer.core.ruler.push('heading_ids', (state) => {
  for (const [index, token] of state.tokens.entries()) {
    if (token.type !== 'heading_open') continue;
    const id = slug(state.tokens[index + 1]?.content ?? '');
    if (id) token.attrSet('id', id);
  }
});

/** The page, with EXAMPLE_URL where the guide has it. */
export function guideHtml(guide: string, styles: string): string {
  const main = `<main>
<p class="breadcrumb"><a href="/api-dokumentation">API-dokumentation</a></p>
<p class="lead">Guiden till skriptad inläsning: hela flödet med <code>curl</code> och en API-nyckel, steg för steg. Guiden är på engelska; varje anrop finns beskrivet på svenska i API-dokumentationen.</p>
<article class="guide" lang="en">
${renderer.render(guide)}
</article>
</main>`;
  return pageHtml({ title: 'Guide till skriptad inläsning', styles, main });
}

/** The page for one reader: the commands name the service's own address (readerExamples.ts). */
export const guideFor = (html: string, origin: string) =>
  html.replaceAll(escapeHtml(EXAMPLE_URL), escapeHtml(origin));

import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { SessionDeps } from '../identity/session';
import { GUIDE_PATH, guideFor, guideHtml } from './guidePage';
import { COPY_SCRIPT_PATH } from './html';
import { exampleOrigin, readerOf } from './readerExamples';
import { referenceHtml } from './referenceHtml';

/**
 * The API reference for people, at /api-dokumentation: a page of our own, drawn on the server
 * from the same OpenAPI document as GET openapi.json (referenceHtml.ts), Swedish throughout and
 * nothing from elsewhere (docs/decisions/0036-own-api-reference-page.md). Beside it the guide
 * (docs/api-guide.md as a page) and the copy buttons' script, a file of the site's own, so the
 * Content-Security-Policy stays as it is: styles inline, `script-src 'self'`, no inline script.
 * The commands name the service's address and a signed-in reader's own ids
 * (docs/decisions/0044-pages-for-integrators.md).
 */

export const REFERENCE_PAGE_PATH = '/api-dokumentation';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const styles = read('./reference/reference.css');
const copyScript = read('./reference/copy.js');

/** Pages drawn for different readers (address and ids) kept at once; each is some 200 kB. */
const KEPT_PAGES = 16;

/** Registers the pages. Before the SPA, whose fallback would answer the paths otherwise. */
export async function registerReferencePage(app: FastifyInstance, deps: SessionDeps, documentUrl: string) {
  // The document is complete only when every route is registered: read on the first request.
  let openapi: Record<string, unknown> | undefined;
  const pages = new Map<string, string>();
  const guide = guideHtml(read('../../../docs/api-guide.md'), styles);

  app.get(REFERENCE_PAGE_PATH, async (request, reply) => {
    const reader = await readerOf(request, deps);
    const key = JSON.stringify(reader);
    let html = pages.get(key);
    if (html === undefined) {
      openapi ??= app.swagger() as unknown as Record<string, unknown>;
      html = referenceHtml(openapi, { documentUrl, guideUrl: GUIDE_PATH, styles, reader });
      // The oldest out first: a Host header of anyone's choosing cannot make the set grow.
      if (pages.size >= KEPT_PAGES) pages.delete(pages.keys().next().value as string);
      pages.set(key, html);
    }
    // Written for this reader: no shared cache keeps it for another.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .send(html);
  });

  app.get(GUIDE_PATH, async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .send(guideFor(guide, exampleOrigin(request, deps.config))),
  );

  app.get(COPY_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(copyScript),
  );
}

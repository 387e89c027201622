import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { quickStartSteps } from './quickStart';
import { referenceHtml } from './referenceHtml';

/**
 * The API reference for people, at /api-dokumentation: a page of our own, drawn on the server
 * from the same OpenAPI document as GET openapi.json (referenceHtml.ts). Swedish throughout, no
 * script and nothing from elsewhere, so it works offline under the site's Content-Security-Policy
 * unchanged; its styles are inline, which the policy allows
 * (docs/decisions/0036-own-api-reference-page.md).
 */

export const REFERENCE_PAGE_PATH = '/api-dokumentation';

const styles = readFileSync(new URL('./reference/reference.css', import.meta.url), 'utf8');

/** Registers the page. Before the SPA, whose fallback would answer the path otherwise. */
export async function registerReferencePage(app: FastifyInstance, documentUrl: string) {
  // Drawn once, on the first request: the document is complete only when every route is registered.
  let html: string | undefined;
  app.get(REFERENCE_PAGE_PATH, async (_request, reply) => {
    html ??= referenceHtml(app.swagger() as unknown as Record<string, unknown>, {
      documentUrl,
      quickStart: quickStartSteps,
      styles,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}

import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The API reference for people, at /api-dokumentation: a page of our own that shows the OpenAPI
 * document with Swagger UI from the swagger-ui-dist package, served from this server (no CDN, works
 * offline) under the site's Content-Security-Policy unchanged: the page's script is a file of its
 * own (reference/reference.js), not Swagger UI's inline initializer
 * (docs/decisions/0022-openapi-document-and-reference-page.md).
 */

export const REFERENCE_PAGE_PATH = '/api-dokumentation';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ownDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reference');

/** Only the files the page loads; the package holds more (its demo page among them). */
const swaggerUiFiles = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js']);
const ownFiles = new Set(['/reference.css', '/reference.js']);

const page = (documentUrl: string) => `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API-dokumentation – Hjälpmedelsdatabasen</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${REFERENCE_PAGE_PATH}/swagger-ui/swagger-ui.css">
<link rel="stylesheet" href="${REFERENCE_PAGE_PATH}/sida/reference.css">
<script src="${REFERENCE_PAGE_PATH}/swagger-ui/swagger-ui-bundle.js" defer></script>
<script src="${REFERENCE_PAGE_PATH}/sida/reference.js" defer></script>
</head>
<body>
<header class="api-docs-header">
<p><a href="/">Hjälpmedelsdatabasen</a></p>
<h1>API-dokumentation</h1>
<p>Anropen som Hjälpmedelsdatabasens webbplats och era egna program använder. Ett program
anropar med en API-nyckel som du skapar på sidan <a href="/api-nycklar">API-nycklar</a>; under
varje anrop står om det tar en nyckel. Dokumentet finns också som
<a href="${documentUrl}">OpenAPI 3.1 (JSON)</a>.</p>
</header>
<noscript><p>Sidan behöver JavaScript för att visa anropen. Dokumentet finns som
<a href="${documentUrl}">OpenAPI 3.1 (JSON)</a>.</p></noscript>
<div id="swagger-ui" data-url="${documentUrl}"><p>Dokumentationen laddas …</p></div>
</body>
</html>
`;

/** Registers the page and its four files. Before the SPA, whose fallback would answer the path otherwise. */
export async function registerReferencePage(app: FastifyInstance, documentUrl: string) {
  const html = page(documentUrl);
  app.get(REFERENCE_PAGE_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: `${REFERENCE_PAGE_PATH}/swagger-ui/`,
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => swaggerUiFiles.has(pathName),
  });
  await app.register(fastifyStatic, {
    root: ownDir,
    prefix: `${REFERENCE_PAGE_PATH}/sida/`,
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => ownFiles.has(pathName),
  });
}

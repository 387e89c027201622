import { curlOf, type ReaderIds } from './curlExample';
import {
  type DocumentOperation,
  everyOperation,
  type OpenApiDocument,
  openApiDocumentOf,
  type Schema,
} from './documentModel';
import { commandBlock, escapeHtml, markdown, pageHtml, slug } from './html';
import { quickStartFor } from './quickStart';
import {
  fieldsOf,
  jsonBlock,
  operationAnchor,
  parametersOf,
  requestBodyOf,
  responsesOf,
  schemaAnchor,
  typeText,
} from './referenceParts';

/**
 * The API reference as HTML, drawn on the server from the OpenAPI document (GET openapi.json):
 * every word of the frame in Swedish, every example the document's own
 * (docs/decisions/0036-own-api-reference-page.md), the commands with the service's own address
 * and a signed-in reader's own ids (docs/decisions/0044-pages-for-integrators.md). Headings run
 * h1 (the page), h2 (a group), h3 (an operation or a schema), h4 (its parts), h5 (an answer).
 */

/** Whom the page's commands are written for (readerExamples.ts). */
export interface Reader {
  /** The service's address as the commands name it: PUBLIC_URL's origin, or the request's. */
  origin: string;
  /** A signed-in reader's own ids; empty for anyone else. */
  ids: ReaderIds;
}

function operationHtml(
  { method, path, operation }: DocumentOperation,
  prefix: string,
  ids: ReaderIds,
): string {
  const anchor = operationAnchor(method, path);
  return `<section class="operation" id="${anchor}">
<h3>${escapeHtml(operation.summary ?? `${method} ${path}`)}</h3>
<p class="endpoint"><span class="method method-${method.toLowerCase()}">${method}</span> <code>${escapeHtml(prefix + path)}</code></p>
${markdown(operation.description ?? '')}
${parametersOf(operation)}
${requestBodyOf(operation)}
<h4>Exempel med curl</h4>
${commandBlock(curlOf(method, path, operation, ids))}
${responsesOf(operation)}
</section>`;
}

function schemaHtml(name: string, schema: Schema): string {
  const examples = schema.examples ?? [];
  return `<section class="schema" id="${schemaAnchor(name)}">
<h3>${escapeHtml(name)}</h3>
${typeof schema.description === 'string' ? markdown(schema.description) : ''}
<p class="facts">${typeText({ ...schema, description: undefined, examples: undefined })}</p>
${fieldsOf(schema, 'response')}
${examples.map((example, index) => jsonBlock(example, examples.length > 1 ? `Exempel ${index + 1}` : 'Exempel')).join('')}
</section>`;
}

/** What the commands are filled in with, in one sentence. */
function readerNote(reader: Reader): string {
  const { organizationId, generalPricelistId, pricelistId } = reader.ids;
  const own = [
    organizationId !== undefined && `organisation ${organizationId}`,
    generalPricelistId !== undefined && `generell prislista ${generalPricelistId}`,
    pricelistId !== undefined && `aktuell prislista ${pricelistId}`,
  ].filter((part): part is string => typeof part === 'string');
  const address = `Kommandona är ifyllda med tjänstens adress, <code>${escapeHtml(reader.origin)}</code>`;
  if (own.length === 0)
    return `<p class="reader">${address}. När du är inloggad som leverantör fylls de också i med din organisations id:n i stället för exemplens.</p>`;
  return `<p class="reader">${address}, och med dina egna id:n: ${own.join(', ')}.</p>`;
}

function quickStartHtml(reader: Reader, guideUrl: string): string {
  return `<section id="kom-igang" class="group">
<h2>Kom igång med curl</h2>
<p>En prislista läses in från ett skript i fem steg. Samma steg, mer utförligt: <a href="${escapeHtml(guideUrl)}">guiden till skriptad inläsning</a> (på engelska).</p>
${readerNote(reader)}
<ol class="steps">
${quickStartFor({ origin: reader.origin, pricelistId: reader.ids.pricelistId })
  .map(
    (step) =>
      `<li><h3>${escapeHtml(step.title)}</h3>${markdown(step.text)}${commandBlock(step.command)}</li>`,
  )
  .join('\n')}
</ol>
</section>`;
}

type Group = { name: string; description: string; anchor: string; operations: DocumentOperation[] };

function contentsHtml(groups: Group[]): string {
  return `<nav aria-labelledby="innehall">
<h2 id="innehall">Innehåll</h2>
<ul class="contents">
<li><a href="#kom-igang">Kom igång med curl</a></li>
<li><a href="#inloggning">Om API:t: svar, fel och inloggning</a></li>
${groups
  .map(
    (group) =>
      `<li><a href="#${group.anchor}">${escapeHtml(group.name)}</a><ul>${group.operations
        .map(
          ({ method, path, operation }) =>
            `<li><a href="#${operationAnchor(method, path)}"><span class="method-text">${method}</span> ${escapeHtml(path)}: ${escapeHtml(operation.summary ?? '')}</a></li>`,
        )
        .join('')}</ul></li>`,
  )
  .join('\n')}
<li><a href="#scheman">Scheman</a></li>
</ul>
</nav>`;
}

const schemeNames: Record<string, string> = { apiKey: 'API-nyckel', sessionCookie: 'Sessionskaka' };

function securityHtml(document: OpenApiDocument): string {
  const schemes = Object.entries(document.components?.securitySchemes ?? {});
  return `<section id="inloggning" class="group">
<h2>Om API:t: svar, fel och inloggning</h2>
${markdown(document.info?.description ?? '')}
<dl class="schemes">
${schemes
  .map(
    ([name, scheme]) =>
      `<dt>${escapeHtml(schemeNames[name] ?? name)} (<code>${escapeHtml(name)}</code>)</dt><dd>${markdown(scheme.description ?? '')}${
        scheme.type === 'http'
          ? `<p>Skickas som <code>Authorization: Bearer …</code>.</p>`
          : `<p>Kakan <code>${escapeHtml(scheme.name ?? '')}</code>, som inloggningen sätter.</p>`
      }</dd>`,
  )
  .join('\n')}
</dl>
</section>`;
}

export interface ReferenceOptions {
  documentUrl: string;
  /** The guide's page (guidePage.ts). */
  guideUrl: string;
  styles: string;
  reader: Reader;
}

/** The whole page, from the document as GET openapi.json answers it. */
export function referenceHtml(openapi: unknown, options: ReferenceOptions): string {
  const document = openApiDocumentOf(openapi);
  const prefix = document.servers?.[0]?.url ?? '';
  const operations = everyOperation(document);
  // An operation is shown in the group of its first tag.
  const groups: Group[] = (document.tags ?? [])
    .map((tag) => ({
      name: tag.name,
      description: tag.description ?? '',
      anchor: `grupp-${slug(tag.name)}`,
      operations: operations.filter(({ operation }) => operation.tags?.[0] === tag.name),
    }))
    .filter((group) => group.operations.length > 0);
  const schemas = Object.entries(document.components?.schemas ?? {});
  const { ids } = options.reader;
  const groupsHtml = groups
    .map(
      (group) => `<section id="${group.anchor}" class="group">
<h2>${escapeHtml(group.name)}</h2>
${markdown(group.description)}
${group.operations.map((operation) => operationHtml(operation, prefix, ids)).join('\n')}
</section>`,
    )
    .join('\n');

  const main = `<main>
<h1>API-dokumentation</h1>
<p class="lead">Anropen som Hjälpmedelsdatabasens webbplats och era egna program använder. Ett program
anropar med en API-nyckel som du skapar på sidan <a href="/api-nycklar">API-nycklar</a>; under
varje anrop står om det tar en nyckel. Samma beskrivning finns som
<a href="${escapeHtml(options.documentUrl)}">OpenAPI 3.1-dokument (JSON)</a> för era verktyg, och hela
flödet steg för steg i <a href="${escapeHtml(options.guideUrl)}">guiden till skriptad inläsning</a>.
Version ${escapeHtml(document.info?.version ?? '')}.</p>
${quickStartHtml(options.reader, options.guideUrl)}
${contentsHtml(groups)}
${securityHtml(document)}
${groupsHtml}
<section id="scheman" class="group">
<h2>Scheman</h2>
<p>Objekten som flera anrop svarar med, med ett exempel på vart och ett.</p>
${schemas.map(([name, schema]) => schemaHtml(name, schema)).join('\n')}
</section>
</main>`;
  return pageHtml({ title: 'API-dokumentation', styles: options.styles, main });
}

import { isJson, operationsOf } from './examples';
import type { QuickStartStep } from './quickStart';

/**
 * The API reference as HTML, drawn on the server from the OpenAPI document (GET openapi.json):
 * every word of the frame in Swedish, no script, every example the document's own
 * (docs/decisions/0036-own-api-reference-page.md). Headings run h1 (the page), h2 (a group),
 * h3 (an operation or a schema), h4 (its parts), h5 (an answer).
 */

type Json = Record<string, unknown>;

const escapeHtml = (text: string) =>
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

const schemaAnchor = (name: string) => `schema-${slug(name)}`;
export const operationAnchor = (method: string, path: string) => `anrop-${slug(`${method} ${path}`)}`;

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

const isNull = (schema: unknown) => (schema as Json | undefined)?.type === 'null';

/** The schema's options when it is a choice (anyOf or oneOf), else undefined. */
const optionsOf = (schema: Json) =>
  (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined) as
    | Json[]
    | undefined;

const code = (value: unknown) => `<code>${escapeHtml(JSON.stringify(value))}</code>`;

/** What a value of the schema is, in a few Swedish words (with a link to a named schema). */
function typeText(schema: Json | undefined): string {
  if (!schema) return 'valfritt värde';
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return `<a href="#${schemaAnchor(name)}"><code>${escapeHtml(name)}</code></a>`;
  }
  if ('const' in schema) return `alltid ${code(schema.const)}`;
  const options = optionsOf(schema);
  if (options) {
    const others = options.filter((option) => !isNull(option));
    const text = others.map((option) => typeText(option)).join(' eller ');
    return others.length < options.length ? `${text} eller null` : text;
  }
  const types = [schema.type].flat().filter((type): type is string => typeof type === 'string');
  if (types.length > 1) return types.map((type) => typeText({ ...schema, type })).join(' eller ');
  const enumText = Array.isArray(schema.enum)
    ? `, en av ${schema.enum.map((value) => code(value)).join(', ')}`
    : '';
  switch (types[0]) {
    case 'string':
      if (schema.format === 'binary') return 'fil';
      if (schema.contentMediaType === 'application/json') return 'text med JSON';
      if (schema.format === 'date-time') return 'tidpunkt (ISO 8601)';
      return `text${enumText}`;
    case 'integer':
      return `heltal${enumText}`;
    case 'number':
      return `tal${enumText}`;
    case 'boolean':
      return '<code>true</code> eller <code>false</code>';
    case 'null':
      return 'null';
    case 'array':
      return `lista med ${typeText(schema.items as Json | undefined)}`;
    case 'object':
      if (!schema.properties && typeof schema.additionalProperties === 'object')
        return `objekt där varje värde är ${typeText(schema.additionalProperties as Json)}`;
      return 'objekt';
    default:
      return schema.properties ? 'objekt' : 'valfritt värde';
  }
}

const number = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('sv-SE') : '');

/** The schema's bounds and default, in Swedish. */
function constraintsText(schema: Json): string[] {
  const parts: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) parts.push(`${number(min)}–${number(max)}${unit}`);
    else if (min !== undefined) parts.push(`minst ${number(min)}${unit}`);
    else if (max !== undefined) parts.push(`högst ${number(max)}${unit}`);
  };
  if (schema.minLength === 1 && schema.maxLength === undefined) parts.push('inte tom');
  else range(schema.minLength, schema.maxLength, ' tecken');
  range(schema.minimum, schema.maximum, '');
  range(schema.minItems, schema.maxItems, ' element');
  if (typeof schema.pattern === 'string') parts.push(`mönstret <code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.default !== undefined) parts.push(`standard ${code(schema.default)}`);
  return parts;
}

type Mode = 'request' | 'response';

/** The fields of an object schema, nested objects and lists of objects inside their field. */
function fieldsOf(schema: Json | undefined, mode: Mode, depth = 0): string {
  if (!schema || depth > 8) return '';
  const options = optionsOf(schema);
  if (options) {
    const objects = options.filter((option) => option.properties);
    if (objects.length === 0) return '';
    return objects
      .map((option) => {
        const properties = option.properties as Record<string, Json>;
        const discriminator = Object.entries(properties).find(([, property]) => 'const' in property);
        const heading = discriminator
          ? `Med <code>${escapeHtml(discriminator[0])}</code> ${code(discriminator[1].const)}:`
          : 'Som objekt:';
        return `<p class="variant">${heading}</p>${fieldsOf(option, mode, depth + 1)}`;
      })
      .join('');
  }
  if (schema.type === 'array' && schema.items) return fieldsOf(schema.items as Json, mode, depth + 1);
  if (typeof schema.contentSchema === 'object')
    return fieldsOf(schema.contentSchema as Json, mode, depth + 1);
  if (!schema.properties && typeof schema.additionalProperties === 'object')
    return fieldsOf(schema.additionalProperties as Json, mode, depth + 1);
  const properties = schema.properties as Record<string, Json> | undefined;
  if (!properties || Object.keys(properties).length === 0) return '';
  const required = new Set((schema.required ?? []) as string[]);
  const items = Object.entries(properties).map(([name, property]) => {
    const facts = [typeText(property)];
    if (mode === 'request') facts.push(required.has(name) ? 'obligatoriskt' : 'valfritt');
    else if (!required.has(name)) facts.push('kan saknas');
    facts.push(...constraintsText(property));
    const description = typeof property.description === 'string' ? markdown(property.description) : '';
    const nested = typeof property.$ref === 'string' ? '' : fieldsOf(property, mode, depth + 1);
    return `<li><code class="field">${escapeHtml(name)}</code> <span class="facts">${facts.join(', ')}</span>${description}${nested}</li>`;
  });
  return `<ul class="fields">${items.join('')}</ul>`;
}

/** A JSON example, as the reader would send or receive it. */
const jsonBlock = (value: unknown, label: string) =>
  `<p class="example-label">${label}</p><pre class="example"><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

const parameterPlaces: Record<string, string> = {
  path: 'i sökvägen',
  query: 'i frågesträngen',
  header: 'huvud',
  cookie: 'kaka',
};

function parametersOf(operation: Json): string {
  const parameters = (operation.parameters ?? []) as Json[];
  if (parameters.length === 0) return '';
  const order = ['path', 'query', 'header', 'cookie'];
  const sorted = [...parameters].sort(
    (a, b) => order.indexOf(a.in as string) - order.indexOf(b.in as string),
  );
  const entries = sorted.map((parameter) => {
    const schema = (parameter.schema ?? {}) as Json;
    const facts = [
      parameterPlaces[parameter.in as string] ?? String(parameter.in),
      parameter.required ? 'obligatorisk' : 'valfri',
      typeText(schema),
      ...constraintsText(schema),
    ];
    const description = (parameter.description ?? schema.description) as string | undefined;
    // As it is written in the path, query or header: a text without quotes.
    const example =
      parameter.example !== undefined
        ? `<p>Exempel: <code>${escapeHtml(typeof parameter.example === 'string' ? parameter.example : JSON.stringify(parameter.example))}</code></p>`
        : '';
    return `<dt><code>${escapeHtml(parameter.name as string)}</code></dt><dd><p class="facts">${facts.join(', ')}</p>${description ? markdown(description) : ''}${example}</dd>`;
  });
  return `<h4>Parametrar</h4><dl class="parameters">${entries.join('')}</dl>`;
}

function requestBodyOf(operation: Json): string {
  const body = operation.requestBody as { required?: boolean; content?: Record<string, Json> } | undefined;
  if (!body?.content) return '';
  const parts = Object.entries(body.content).map(([contentType, media]) => {
    const schema = media.schema as Json | undefined;
    const description = typeof schema?.description === 'string' ? markdown(schema.description) : '';
    let example = '';
    if (media.example !== undefined) example = jsonBlock(media.example, 'Exempel');
    else if (contentType === 'multipart/form-data') {
      const properties = (schema?.properties ?? {}) as Record<string, Json>;
      example = Object.entries(properties)
        .filter(([, part]) => Array.isArray(part.examples))
        .map(
          ([name, part]) =>
            `<p class="example-label">Exempel på delen <code>${escapeHtml(name)}</code></p><pre class="example"><code>${escapeHtml(String((part.examples as unknown[])[0]))}</code></pre>`,
        )
        .join('');
    }
    return `<p>Innehåll: <code>${escapeHtml(contentType)}</code>${body.required === false ? ' (kroppen kan utelämnas)' : ''}.</p>${description}${fieldsOf(schema, 'request')}${example}`;
  });
  return `<h4>Begäran</h4>${parts.join('')}`;
}

function headersOf(response: Json): string {
  const headers = Object.entries((response.headers ?? {}) as Record<string, Json>);
  if (headers.length === 0) return '';
  return `<p>Med huvudet ${headers
    .map(([name, header]) => {
      const description = (header.description ?? (header.schema as Json | undefined)?.description) as
        | string
        | undefined;
      return `<code>${escapeHtml(name)}</code>${description ? `: ${escapeHtml(description)}` : ''}`;
    })
    .join('; ')}</p>`;
}

function responsesOf(operation: Json): string {
  const responses = Object.entries((operation.responses ?? {}) as Record<string, Json>);
  const answers = responses
    .filter(([status]) => !(Number(status) >= 400))
    .map(([status, response]) => {
      const content = Object.entries((response.content ?? {}) as Record<string, Json>);
      const body = content
        .map(([contentType, media]) => {
          const schema = media.schema as Json | undefined;
          const named = typeof schema?.$ref === 'string' ? ` (${typeText(schema)})` : '';
          const example = media.example !== undefined ? jsonBlock(media.example, 'Exempel') : '';
          const fields = isJson(contentType) ? fieldsOf(schema, 'response') : '';
          return `<p>Innehåll: <code>${escapeHtml(contentType)}</code>${named}.</p>${fields}${example}`;
        })
        .join('');
      return `<h5>${escapeHtml(status)}</h5>${markdown(String(response.description ?? ''))}${headersOf(response)}${body || '<p>Inget innehåll.</p>'}`;
    });
  const failures = responses.filter(([status]) => Number(status) >= 400);
  const errors =
    failures.length === 0
      ? ''
      : `<h5>Fel</h5><p>Varje fel har innehållet <a href="#${schemaAnchor('ApiErrorBody')}"><code>ApiErrorBody</code></a>.</p><dl class="errors">${failures
          .map(
            ([status, response]) =>
              `<dt>${escapeHtml(status)}</dt><dd>${markdown(String(response.description ?? ''))}${headersOf(response)}</dd>`,
          )
          .join('')}</dl>`;
  return `<h4>Svar</h4>${answers.join('')}${errors}`;
}

/** A shell argument in single quotes. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The operation as a `curl` command with the variables of the quick start ($API, $AUTH) and the
 * document's examples: the path's, the required query's, the body's.
 */
export function curlOf(method: string, path: string, operation: Json): string {
  const parameters = (operation.parameters ?? []) as Json[];
  const example = (parameter: Json) => String(parameter.example ?? '');
  let url = path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    return parameter ? encodeURIComponent(example(parameter)) : whole;
  });
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(example(parameter))}`);
  if (query.length > 0) url += `?${query.join('&')}`;
  const lines = [`curl -sS${method === 'GET' ? '' : ` -X ${method}`} "$API${url}"`];
  const security = (operation.security ?? []) as Array<Record<string, unknown>>;
  if (security.some((scheme) => 'apiKey' in scheme)) lines.push('-H "$AUTH"');
  else if (security.length > 0) lines.push('-b kakor.txt');
  // Signing in keeps the session's cookie in a file; signing out sends it.
  else if (path === '/login') lines.push('-c kakor.txt');
  else if (path === '/logout') lines.push('-b kakor.txt');
  for (const parameter of parameters.filter((p) => p.in === 'header'))
    if ((parameter.name as string).toLowerCase() === 'idempotency-key')
      lines.push('-H "Idempotency-Key: $(uuidgen)"');
  const body = operation.requestBody as { content?: Record<string, Json> } | undefined;
  for (const [contentType, media] of Object.entries(body?.content ?? {}).slice(0, 1)) {
    if (isJson(contentType) && media.example !== undefined)
      lines.push(`-H 'Content-Type: application/json' -d ${quoted(JSON.stringify(media.example))}`);
    if (contentType === 'multipart/form-data') {
      const properties = ((media.schema as Json | undefined)?.properties ?? {}) as Record<string, Json>;
      for (const [name, part] of Object.entries(properties)) {
        if (part.format === 'binary') lines.push(`-F "${name}=@prislista.xlsx"`);
        else if (Array.isArray(part.examples))
          lines.push(`--form-string ${quoted(`${name}=${String(part.examples[0])}`)}`);
      }
    }
  }
  const downloads = Object.entries((operation.responses ?? {}) as Record<string, Json>).some(
    ([status, response]) =>
      status.startsWith('2') && Object.keys((response.content ?? {}) as Json).some((type) => !isJson(type)),
  );
  if (downloads) lines.push('-OJ');
  return lines.join(' \\\n  ');
}

function operationHtml(method: string, path: string, operation: Json, prefix: string): string {
  const anchor = operationAnchor(method, path);
  return `<section class="operation" id="${anchor}">
<h3>${escapeHtml(String(operation.summary ?? `${method} ${path}`))}</h3>
<p class="endpoint"><span class="method method-${method.toLowerCase()}">${method}</span> <code>${escapeHtml(prefix + path)}</code></p>
${markdown(String(operation.description ?? ''))}
${parametersOf(operation)}
${requestBodyOf(operation)}
<h4>Exempel med curl</h4>
<pre class="example"><code>${escapeHtml(curlOf(method, path, operation))}</code></pre>
${responsesOf(operation)}
</section>`;
}

function schemaHtml(name: string, schema: Json): string {
  const examples = Array.isArray(schema.examples) ? schema.examples : [];
  return `<section class="schema" id="${schemaAnchor(name)}">
<h3>${escapeHtml(name)}</h3>
${typeof schema.description === 'string' ? markdown(schema.description) : ''}
<p class="facts">${typeText({ ...schema, description: undefined, examples: undefined })}</p>
${fieldsOf(schema, 'response')}
${examples.map((example, index) => jsonBlock(example, examples.length > 1 ? `Exempel ${index + 1}` : 'Exempel')).join('')}
</section>`;
}

export interface ReferenceOptions {
  documentUrl: string;
  quickStart: QuickStartStep[];
  styles: string;
}

/** The whole page. */
export function referenceHtml(openapi: Json, options: ReferenceOptions): string {
  const info = (openapi.info ?? {}) as Json;
  const prefix = String(((openapi.servers ?? []) as Json[])[0]?.url ?? '');
  const operations = operationsOf(openapi);
  const tags = ((openapi.tags ?? []) as Json[]).map((tag) => ({
    name: String(tag.name),
    description: String(tag.description ?? ''),
    anchor: `grupp-${slug(String(tag.name))}`,
    operations: operations.filter(([, operation]) => ((operation.tags ?? []) as string[])[0] === tag.name),
  }));
  const schemas = Object.entries(
    ((openapi.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>,
  );
  const schemes = Object.entries(
    ((openapi.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>,
  );
  const schemeNames: Record<string, string> = { apiKey: 'API-nyckel', sessionCookie: 'Sessionskaka' };

  const contents = `<nav aria-labelledby="innehall">
<h2 id="innehall">Innehåll</h2>
<ul class="contents">
<li><a href="#kom-igang">Kom igång med curl</a></li>
<li><a href="#inloggning">Om API:t: svar, fel och inloggning</a></li>
${tags
  .filter((tag) => tag.operations.length > 0)
  .map(
    (tag) =>
      `<li><a href="#${tag.anchor}">${escapeHtml(tag.name)}</a><ul>${tag.operations
        .map(([name, operation]) => {
          const [method, path] = name.split(' ') as [string, string];
          return `<li><a href="#${operationAnchor(method, path)}"><span class="method-text">${method}</span> ${escapeHtml(path)}: ${escapeHtml(String(operation.summary ?? ''))}</a></li>`;
        })
        .join('')}</ul></li>`,
  )
  .join('\n')}
<li><a href="#scheman">Scheman</a></li>
</ul>
</nav>`;

  const quickStart = `<section id="kom-igang" class="group">
<h2>Kom igång med curl</h2>
<p>En prislista läses in från ett skript i fem steg. Samma steg, mer utförligt: <code>docs/api-guide.md</code> i källkoden.</p>
<ol class="steps">
${options.quickStart
  .map(
    (step) =>
      `<li><h3>${escapeHtml(step.title)}</h3>${markdown(step.text)}<pre class="example"><code>${escapeHtml(step.command)}</code></pre></li>`,
  )
  .join('\n')}
</ol>
</section>`;

  const security = `<section id="inloggning" class="group">
<h2>Om API:t: svar, fel och inloggning</h2>
${markdown(String(info.description ?? ''))}
<dl class="schemes">
${schemes
  .map(
    ([name, scheme]) =>
      `<dt>${escapeHtml(schemeNames[name] ?? name)} (<code>${escapeHtml(name)}</code>)</dt><dd>${markdown(String(scheme.description ?? ''))}${
        scheme.type === 'http'
          ? `<p>Skickas som <code>Authorization: Bearer …</code>.</p>`
          : `<p>Kakan <code>${escapeHtml(String(scheme.name))}</code>, som inloggningen sätter.</p>`
      }</dd>`,
  )
  .join('\n')}
</dl>
</section>`;

  const groups = tags
    .filter((tag) => tag.operations.length > 0)
    .map(
      (tag) => `<section id="${tag.anchor}" class="group">
<h2>${escapeHtml(tag.name)}</h2>
${markdown(tag.description)}
${tag.operations
  .map(([name, operation]) => {
    const [method, path] = name.split(' ') as [string, string];
    return operationHtml(method, path, operation, prefix);
  })
  .join('\n')}
</section>`,
    )
    .join('\n');

  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API-dokumentation – Hjälpmedelsdatabasen</title>
<link rel="icon" href="data:,">
<style>${options.styles}</style>
</head>
<body>
<header class="site">
<p><a href="/">Hjälpmedelsdatabasen</a></p>
</header>
<main>
<h1>API-dokumentation</h1>
<p class="lead">Anropen som Hjälpmedelsdatabasens webbplats och era egna program använder. Ett program
anropar med en API-nyckel som du skapar på sidan <a href="/api-nycklar">API-nycklar</a>; under
varje anrop står om det tar en nyckel. Samma beskrivning finns som
<a href="${escapeHtml(options.documentUrl)}">OpenAPI 3.1-dokument (JSON)</a> för era verktyg.
Version ${escapeHtml(String(info.version ?? ''))}.</p>
${quickStart}
${contents}
${security}
${groups}
<section id="scheman" class="group">
<h2>Scheman</h2>
<p>Objekten som flera anrop svarar med, med ett exempel på vart och ett.</p>
${schemas.map(([name, schema]) => schemaHtml(name, schema)).join('\n')}
</section>
</main>
</body>
</html>
`;
}

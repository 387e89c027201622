import type { Operation, OperationResponse, ParameterPlace, Schema } from './documentModel';
import { isJson } from './examples';
import { escapeHtml, markdown, slug } from './html';

/**
 * The parts of an operation and a schema on the reference page (referenceHtml.ts): the types of
 * values in a few Swedish words, the fields of an object, the parameters, the request body and
 * the answers, each drawn from the OpenAPI document.
 */

export const schemaAnchor = (name: string) => `schema-${slug(name)}`;
export const operationAnchor = (method: string, path: string) => `anrop-${slug(`${method} ${path}`)}`;

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

const isNull = (schema: Schema) => schema.type === 'null';

/** The schema's options when it is a choice (anyOf or oneOf), else undefined. */
const optionsOf = (schema: Schema) => schema.anyOf ?? schema.oneOf;

const code = (value: unknown) => `<code>${escapeHtml(JSON.stringify(value))}</code>`;

/** What a value of the schema is, in a few Swedish words (with a link to a named schema). */
export function typeText(schema: Schema | undefined): string {
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
  const enumText = schema.enum ? `, en av ${schema.enum.map((value) => code(value)).join(', ')}` : '';
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
      return `lista med ${typeText(schema.items)}`;
    case 'object':
      if (!schema.properties && typeof schema.additionalProperties === 'object')
        return `objekt där varje värde är ${typeText(schema.additionalProperties)}`;
      return 'objekt';
    default:
      return schema.properties ? 'objekt' : 'valfritt värde';
  }
}

const number = (value: number | undefined) => (value === undefined ? '' : value.toLocaleString('sv-SE'));

/** The schema's bounds and default, in Swedish. */
function constraintsText(schema: Schema): string[] {
  const parts: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
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
export function fieldsOf(schema: Schema | undefined, mode: Mode, depth = 0): string {
  if (!schema || depth > 8) return '';
  const options = optionsOf(schema);
  if (options) {
    const objects = options.filter((option) => option.properties);
    if (objects.length === 0) return '';
    return objects
      .map((option) => {
        const discriminator = Object.entries(option.properties ?? {}).find(
          ([, property]) => 'const' in property,
        );
        const heading = discriminator
          ? `Med <code>${escapeHtml(discriminator[0])}</code> ${code(discriminator[1].const)}:`
          : 'Som objekt:';
        return `<p class="variant">${heading}</p>${fieldsOf(option, mode, depth + 1)}`;
      })
      .join('');
  }
  if (schema.type === 'array' && schema.items) return fieldsOf(schema.items, mode, depth + 1);
  if (typeof schema.contentSchema === 'object') return fieldsOf(schema.contentSchema, mode, depth + 1);
  if (!schema.properties && typeof schema.additionalProperties === 'object')
    return fieldsOf(schema.additionalProperties, mode, depth + 1);
  const properties = schema.properties;
  if (!properties || Object.keys(properties).length === 0) return '';
  const required = new Set(schema.required);
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
export const jsonBlock = (value: unknown, label: string) =>
  `<p class="example-label">${label}</p><pre class="example"><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

const parameterPlaces: Record<ParameterPlace, string> = {
  path: 'i sökvägen',
  query: 'i frågesträngen',
  header: 'huvud',
  cookie: 'kaka',
};

export function parametersOf(operation: Operation): string {
  const parameters = operation.parameters ?? [];
  if (parameters.length === 0) return '';
  const order: ParameterPlace[] = ['path', 'query', 'header', 'cookie'];
  const sorted = [...parameters].sort((a, b) => order.indexOf(a.in) - order.indexOf(b.in));
  const entries = sorted.map((parameter) => {
    const schema = parameter.schema ?? {};
    const facts = [
      parameterPlaces[parameter.in],
      parameter.required ? 'obligatorisk' : 'valfri',
      typeText(schema),
      ...constraintsText(schema),
    ];
    const description = parameter.description ?? schema.description;
    // As it is written in the path, query or header: a text without quotes.
    const example =
      parameter.example !== undefined
        ? `<p>Exempel: <code>${escapeHtml(typeof parameter.example === 'string' ? parameter.example : JSON.stringify(parameter.example))}</code></p>`
        : '';
    return `<dt><code>${escapeHtml(parameter.name)}</code></dt><dd><p class="facts">${facts.join(', ')}</p>${description ? markdown(description) : ''}${example}</dd>`;
  });
  return `<h4>Parametrar</h4><dl class="parameters">${entries.join('')}</dl>`;
}

export function requestBodyOf(operation: Operation): string {
  const body = operation.requestBody;
  if (!body?.content) return '';
  const parts = Object.entries(body.content).map(([contentType, media]) => {
    const schema = media.schema;
    const description = typeof schema?.description === 'string' ? markdown(schema.description) : '';
    let example = '';
    if (media.example !== undefined) example = jsonBlock(media.example, 'Exempel');
    else if (contentType === 'multipart/form-data') {
      // Each text part's own example (withExamples in examples.ts); a file part has none.
      example = Object.entries(schema?.properties ?? {})
        .map(([name, part]) =>
          part.examples
            ? `<p class="example-label">Exempel på delen <code>${escapeHtml(name)}</code></p><pre class="example"><code>${escapeHtml(String(part.examples[0]))}</code></pre>`
            : '',
        )
        .join('');
    }
    return `<p>Innehåll: <code>${escapeHtml(contentType)}</code>${body.required === false ? ' (kroppen kan utelämnas)' : ''}.</p>${description}${fieldsOf(schema, 'request')}${example}`;
  });
  return `<h4>Begäran</h4>${parts.join('')}`;
}

function headersOf(response: OperationResponse): string {
  const headers = Object.entries(response.headers ?? {});
  if (headers.length === 0) return '';
  return `<p>Med huvudet ${headers
    .map(([name, header]) => {
      const description = header.description ?? header.schema?.description;
      return `<code>${escapeHtml(name)}</code>${description ? `: ${escapeHtml(description)}` : ''}`;
    })
    .join('; ')}</p>`;
}

export function responsesOf(operation: Operation): string {
  const responses = Object.entries(operation.responses ?? {});
  const answers = responses
    .filter(([status]) => !(Number(status) >= 400))
    .map(([status, response]) => {
      const content = Object.entries(response.content ?? {});
      const body = content
        .map(([contentType, media]) => {
          const schema = media.schema;
          const named = typeof schema?.$ref === 'string' ? ` (${typeText(schema)})` : '';
          const example = media.example !== undefined ? jsonBlock(media.example, 'Exempel') : '';
          const fields = isJson(contentType) ? fieldsOf(schema, 'response') : '';
          return `<p>Innehåll: <code>${escapeHtml(contentType)}</code>${named}.</p>${fields}${example}`;
        })
        .join('');
      return `<h5>${escapeHtml(status)}</h5>${markdown(response.description ?? '')}${headersOf(response)}${body || '<p>Inget innehåll.</p>'}`;
    });
  const failures = responses.filter(([status]) => Number(status) >= 400);
  const errors =
    failures.length === 0
      ? ''
      : `<h5>Fel</h5><p>Varje fel har innehållet <a href="#${schemaAnchor('ApiErrorBody')}"><code>ApiErrorBody</code></a>.</p><dl class="errors">${failures
          .map(
            ([status, response]) =>
              `<dt>${escapeHtml(status)}</dt><dd>${markdown(response.description ?? '')}${headersOf(response)}</dd>`,
          )
          .join('')}</dl>`;
  return `<h4>Svar</h4>${answers.join('')}${errors}`;
}

import type { Operation, Parameter } from './documentModel';
import { isJson } from './examples';

/**
 * The reader's own ids, put in the commands instead of the document's examples where the reader
 * has them (readerExamples.ts): a signed-in supplier's organisation, general price list and
 * current price list. An id missing here keeps the document's example.
 */
export interface ReaderIds {
  organizationId?: number;
  generalPricelistId?: number;
  pricelistId?: number;
}

/** A new `Idempotency-Key` per call: the quick start's first step defines `newkey` (quickStart.ts). */
export const IDEMPOTENCY_KEY_HEADER = '-H "Idempotency-Key: $(newkey)"';

/** A shell argument in single quotes. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * A text part's JSON example with the reader's ids: the upload's `request` names the general
 * price list (`metadata.parent`) and the price list (`metadata.id`).
 */
function partExample(example: string, ids: ReaderIds): string {
  if (ids.generalPricelistId === undefined && ids.pricelistId === undefined) return example;
  try {
    const value = JSON.parse(example) as { metadata?: { parent?: unknown; id?: unknown } };
    const metadata = value.metadata;
    if (typeof metadata !== 'object' || metadata === null) return example;
    if (ids.generalPricelistId !== undefined && 'parent' in metadata)
      metadata.parent = ids.generalPricelistId;
    if (ids.pricelistId !== undefined && 'id' in metadata) metadata.id = ids.pricelistId;
    return JSON.stringify(value);
  } catch {
    return example;
  }
}

/**
 * The operation as a `curl` command with the variables of the quick start ($API, $AUTH, newkey)
 * and the document's examples (the path's, the required query's, the body's), or the reader's
 * own ids where they have them.
 */
export function curlOf(method: string, path: string, operation: Operation, ids: ReaderIds = {}): string {
  const parameters = operation.parameters ?? [];
  // The reader's ids by name: a path parameter is named as its id is (organizationId, …).
  const own: Record<string, number | undefined> = { ...ids };
  const example = (parameter: Parameter) => String(own[parameter.name] ?? parameter.example ?? '');
  let url = path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    return parameter ? encodeURIComponent(example(parameter)) : whole;
  });
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(example(parameter))}`);
  if (query.length > 0) url += `?${query.join('&')}`;
  const lines = [`curl -sS${method === 'GET' ? '' : ` -X ${method}`} "$API${url}"`];
  const security = operation.security ?? [];
  if (security.some((scheme) => 'apiKey' in scheme)) lines.push('-H "$AUTH"');
  else if (security.length > 0) lines.push('-b kakor.txt');
  // Signing in keeps the session's cookie in a file; signing out sends it.
  else if (path === '/login') lines.push('-c kakor.txt');
  else if (path === '/logout') lines.push('-b kakor.txt');
  for (const parameter of parameters.filter((p) => p.in === 'header'))
    if (parameter.name.toLowerCase() === 'idempotency-key') lines.push(IDEMPOTENCY_KEY_HEADER);
  for (const [contentType, media] of Object.entries(operation.requestBody?.content ?? {}).slice(0, 1)) {
    if (isJson(contentType) && media.example !== undefined)
      lines.push(`-H 'Content-Type: application/json' -d ${quoted(JSON.stringify(media.example))}`);
    if (contentType === 'multipart/form-data') {
      for (const [name, part] of Object.entries(media.schema?.properties ?? {})) {
        if (part.format === 'binary') lines.push(`-F "${name}=@prislista.xlsx"`);
        else if (part.examples)
          lines.push(`--form-string ${quoted(`${name}=${partExample(String(part.examples[0]), ids)}`)}`);
      }
    }
  }
  const downloads = Object.entries(operation.responses ?? {}).some(
    ([status, response]) =>
      status.startsWith('2') && Object.keys(response.content ?? {}).some((type) => !isJson(type)),
  );
  if (downloads) lines.push('-OJ');
  return lines.join(' \\\n  ');
}

import type { TemplateRow } from '../types';
import { runnerOf, type WorkerLimits, type WorkerRunner } from '../worker/thread';
import { packRows } from '../worker/transport';
import type { CatalogueHeading } from './writeCatalogue';

/**
 * A price list as a Peppol BIS Catalogue 3 `Replace` document (UTF-8 XML), written in a worker
 * as the template is: a list of 200,000 rows is a text of some 100 MB.
 */
export async function buildPriceListCatalogue(
  document: CatalogueHeading,
  rows: readonly TemplateRow[],
  workers: WorkerRunner | WorkerLimits,
): Promise<Buffer> {
  const result = await runnerOf(workers).run({
    kind: 'catalogue',
    rows: packRows(rows.map((row) => row.values)),
    articleNames: rows.map((row) => row.articleName ?? ''),
    document,
  });
  if (result.kind !== 'workbook') throw new Error('unexpected worker result');
  return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
}

/**
 * The .xlsx reader on parts of n openings never finished (adversarialWorkbooks.ts): the time to
 * read or refuse each file, in milliseconds, by case. Linear scans keep 10 × n near 10 × the time.
 */

import { readSheetCells, XlsxError } from '../../server/src/lib/xlsx';
import { adversarialCases } from '../../test-support/adversarialWorkbooks';
import { report } from '../lib';

const n = Number(process.argv[2]);
const results: { name: string; ms: number; outcome: string }[] = [];
for (const { name, build } of adversarialCases) {
  const content = build(n);
  const started = performance.now();
  let outcome = 'read';
  try {
    await readSheetCells(content, 'xlsx', 'Prislista');
  } catch (error) {
    if (!(error instanceof XlsxError)) throw error;
    outcome = 'refused';
  }
  results.push({ name, ms: performance.now() - started, outcome });
}
report(results);
process.exit(0);

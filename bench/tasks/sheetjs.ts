/** Reference: SheetJS (@e965/xlsx) reading the same file into cell values. */
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { peakRssMb, report } from '../lib';

const file = process.argv[2]!;
const started = performance.now();
const workbook = XLSX.read(readFileSync(file), { type: 'buffer', dense: true });
const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
report({ ms: performance.now() - started, peakRssMb: peakRssMb(), rows: rows.length });

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);

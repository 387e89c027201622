import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { writeCatalogue } from '../server/src/pricelistFile/peppol/writeCatalogue';
import {
  generatePriceListRows,
  generatePriceListXls,
  generatePriceListXlsx,
} from '../test-support/generatedWorkbooks';
import { benchDir } from './lib';

export interface BenchFile {
  path: string;
  rows: number;
  format: 'xlsx' | 'xls' | 'catalogue';
}

/** The generated input files (kept in bench/files/, which git ignores), made once. */
export async function ensureBenchFiles(quick: boolean): Promise<BenchFile[]> {
  const folder = path.join(benchDir, 'files');
  mkdirSync(folder, { recursive: true });
  const wanted: Omit<BenchFile, 'path'>[] = quick
    ? [
        { rows: 10_000, format: 'xlsx' },
        { rows: 5_000, format: 'xls' },
      ]
    : [
        { rows: 10_000, format: 'xlsx' },
        { rows: 50_000, format: 'xlsx' },
        { rows: 200_000, format: 'xlsx' },
        { rows: 50_000, format: 'xls' },
      ];
  return wanted.map((file) => {
    const filePath = path.join(folder, `prislista-${file.rows}.${file.format}`);
    if (!existsSync(filePath)) {
      writeFileSync(
        filePath,
        file.format === 'xlsx' ? generatePriceListXlsx(file.rows) : generatePriceListXls(file.rows),
      );
    }
    return { ...file, path: filePath };
  });
}

/** A small price list in our layout (bench/files/, made once): the fixed cost of a job. */
export function ensureSmallFile(rows: number): BenchFile {
  const filePath = path.join(benchDir, 'files', `prislista-${rows}.xlsx`);
  mkdirSync(path.dirname(filePath), { recursive: true });
  if (!existsSync(filePath)) writeFileSync(filePath, generatePriceListXlsx(rows));
  return { path: filePath, rows, format: 'xlsx' };
}

/** A business system's export of the same price list: its own sheet name and headers. */
export const EXPORT_SHEET = 'Blad1';
export const EXPORT_HEADERS = [
  'Art.nr',
  'Artikelbenämning',
  'Pris exkl. moms',
  'Min. order',
  'Ledtid',
  'Garantitid',
  'Garantienhet',
  'Garanti från',
  'Villkor',
];

/** The 200,000-row file as such an export (bench/files/, made once). */
export function ensureExportFile(rows: number): BenchFile {
  const filePath = path.join(benchDir, 'files', `export-${rows}.xlsx`);
  mkdirSync(path.dirname(filePath), { recursive: true });
  if (!existsSync(filePath))
    writeFileSync(
      filePath,
      generatePriceListXlsx(rows, { sheetName: EXPORT_SHEET, headers: EXPORT_HEADERS }),
    );
  return { path: filePath, rows, format: 'xlsx' };
}

export interface CatalogueFile extends BenchFile {
  /** The size of the XML, unpacked. */
  xmlBytes: number;
}

/**
 * The same rows as a Peppol BIS Catalogue 3, as the price-list page's download writes it (without
 * a ValidityPeriod, which would tie the file to one bench database's dates), gzip-compressed as
 * it must be uploaded (bench/files/, made once).
 */
export function ensureCatalogueFile(rows: number): CatalogueFile {
  const filePath = path.join(benchDir, 'files', `katalog-${rows}.xml.gz`);
  mkdirSync(path.dirname(filePath), { recursive: true });
  if (!existsSync(filePath)) {
    const xml = writeCatalogue({
      id: '2',
      issueDate: '2026-01-01',
      startDate: '2026-01-01',
      supplierName: 'Hjälpmedel Demo AB',
      rows: generatePriceListRows(rows),
    }).replace(/ {2}<cac:ValidityPeriod>[\s\S]*?<\/cac:ValidityPeriod>\n/, '');
    writeFileSync(filePath, gzipSync(xml));
  }
  const xmlBytes = gunzipSync(readFileSync(filePath)).length;
  return { path: filePath, rows, format: 'catalogue', xmlBytes };
}

/** The size of the large upload: just under UPLOAD_MAX_BYTES (25 MiB), as a supplier may send. */
export const LARGE_UPLOAD_BYTES = 25_000_000;

/**
 * A 25 MB .xlsx: a price list of `rows` rows plus a picture of random bytes (which does not
 * compress) that fills the file up to LARGE_UPLOAD_BYTES; the validation reads the sheet only.
 */
export function ensureLargeUploadFile(rows: number): BenchFile {
  const filePath = path.join(benchDir, 'files', `prislista-${rows}-25MB.xlsx`);
  mkdirSync(path.dirname(filePath), { recursive: true });
  if (!existsSync(filePath) || statSync(filePath).size > LARGE_UPLOAD_BYTES) {
    const sheet = generatePriceListXlsx(rows).length;
    // Deflate adds a little to random bytes (about 5 bytes per 16 kB block) and the entry a header.
    const picture = Math.floor((LARGE_UPLOAD_BYTES - sheet - 200) / (1 + 5 / 16_384));
    const content = generatePriceListXlsx(rows, {
      extraParts: [['xl/media/image1.png', randomBytes(picture)]],
    });
    if (content.length > LARGE_UPLOAD_BYTES)
      throw new Error(`the large file came out at ${content.length} bytes`);
    writeFileSync(filePath, content);
  }
  return { path: filePath, rows, format: 'xlsx' };
}

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatePriceListXls, generatePriceListXlsx } from './generate';
import { benchDir } from './lib';

export interface BenchFile {
  path: string;
  rows: number;
  format: 'xlsx' | 'xls';
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

import { describe, expect, it } from 'vitest';
import type { Import, LegacyImportStatus } from '#contract/imports';
import {
  defaultRecentImportSort,
  mergeRecentImports,
  nextRecentImportSort,
  sortRecentImports,
} from './recentImports';

const confirmed = (id: number, created: string, overrides: Partial<Import> = {}): Import => ({
  id,
  type: 'GENERAL_PRICELIST',
  status: 'IMPORT_SUCCESS',
  created,
  importStarted: created,
  imported: created,
  fileName: `fil-${id}.xlsx`,
  importedBy: { id: 1, fullName: 'Lena Leverantör' },
  metadata: { parent: 1, id: 2, number: '2' },
  ...overrides,
});
const legacy = (uniqueId: string, start: string | null, readStatus: number): LegacyImportStatus => ({
  uniqueId,
  readStatus,
  importStartDate: start,
  importEndDate: null,
  fileName: `gammal-${uniqueId}.xls`,
});

describe('mergeRecentImports', () => {
  it('merges confirmed and legacy imports, newest first by creation time', () => {
    const rows = mergeRecentImports(
      [confirmed(1, '2026-01-10T10:00:00Z'), confirmed(2, '2026-03-01T10:00:00Z')],
      [legacy('a', '2026-02-01T10:00:00Z', 1), legacy('b', '2025-12-24T10:00:00Z', 0)],
      'Lena Leverantör',
    );
    expect(rows.map((row) => row.fileName)).toEqual([
      'fil-2.xlsx',
      'gammal-a.xls',
      'fil-1.xlsx',
      'gammal-b.xls',
    ]);
  });

  it('shows at most 10 rows, dropping the oldest', () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      confirmed(i + 1, `2026-01-${String(i + 10).padStart(2, '0')}T10:00:00Z`),
    );
    const rows = mergeRecentImports(
      many,
      [legacy('ny', '2026-02-01T00:00:00Z', 1), legacy('gammal', '2020-01-01T00:00:00Z', 1)],
      'X',
    );
    expect(rows).toHaveLength(10);
    expect(rows[0]?.fileName).toBe('gammal-ny.xls');
    expect(rows.map((row) => row.fileName)).not.toContain('gammal-gammal.xls');
    expect(rows.map((row) => row.fileName)).not.toContain('fil-1.xlsx');
  });

  it('labels a legacy row with type "-", its read status and the user, and links to the legacy summary', () => {
    const [pending, success, fail] = mergeRecentImports(
      [],
      [
        legacy('p', '2026-03-03T00:00:00Z', 0),
        legacy('s', '2026-03-02T00:00:00Z', 1),
        legacy('f', '2026-03-01T00:00:00Z', 7),
      ],
      'Lena Leverantör',
    );
    expect(pending).toMatchObject({
      fileType: '-',
      status: 'Pågående',
      importedBy: 'Lena Leverantör',
      href: '/import/legacy/p',
    });
    expect(success?.status).toBe('Lyckad');
    expect(fail?.status).toBe('Misslyckad');
  });

  it('labels a confirmed import with the list labels and links to its summary', () => {
    const rows = mergeRecentImports(
      [
        confirmed(1, '2026-01-05T00:00:00Z', { status: 'IMPORT_FAIL' }),
        confirmed(2, '2026-01-04T00:00:00Z', { status: 'IMPORT_ERROR' }),
        confirmed(3, '2026-01-03T00:00:00Z', { status: 'IMPORT_ABORTED' }),
        confirmed(4, '2026-01-02T00:00:00Z', { status: 'IMPORT_PENDING' }),
        confirmed(5, '2026-01-01T00:00:00Z', { status: 'IMPORT_SUCCESS' }),
      ],
      [],
      'X',
    );
    expect(rows.map((row) => row.status)).toEqual([
      'Misslyckad',
      'Tekniskt fel',
      'Avbruten',
      'Pågående',
      'Lyckad',
    ]);
    expect(rows[0]).toMatchObject({
      fileType: 'Generell prislista',
      importedBy: 'Lena Leverantör',
      href: '/import/1',
    });
  });

  it('puts a legacy import without a start date last', () => {
    const rows = mergeRecentImports([confirmed(1, '2020-01-01T00:00:00Z')], [legacy('x', null, 1)], 'X');
    expect(rows.map((row) => row.key)).toEqual(['import-1', 'legacy-x']);
  });
});

describe('sortRecentImports', () => {
  const rows = mergeRecentImports(
    [
      confirmed(1, '2026-01-01T00:00:00Z', { fileName: 'Öst.xlsx', importedBy: { id: 2, fullName: 'Åsa' } }),
      confirmed(2, '2026-01-03T00:00:00Z', { fileName: 'ank.xlsx', status: 'IMPORT_FAIL' }),
    ],
    [legacy('z', '2026-01-02T00:00:00Z', 1)],
    'Bo',
  );
  const names = (sorted: typeof rows) => sorted.map((row) => row.fileName);

  it('sorts by Inläst, newest first, by default', () => {
    expect(defaultRecentImportSort).toEqual({ column: 'created', direction: 'descending' });
    expect(names(sortRecentImports(rows, defaultRecentImportSort))).toEqual([
      'ank.xlsx',
      'gammal-z.xls',
      'Öst.xlsx',
    ]);
  });

  it('sorts text columns in Swedish order, both ways', () => {
    expect(names(sortRecentImports(rows, { column: 'fileName', direction: 'ascending' }))).toEqual([
      'ank.xlsx',
      'gammal-z.xls',
      'Öst.xlsx',
    ]);
    expect(names(sortRecentImports(rows, { column: 'importedBy', direction: 'descending' }))).toEqual([
      'Öst.xlsx',
      'ank.xlsx',
      'gammal-z.xls',
    ]);
    // Ties keep the newest-first order of the merge.
    expect(names(sortRecentImports(rows, { column: 'fileType', direction: 'ascending' }))).toEqual([
      'gammal-z.xls',
      'ank.xlsx',
      'Öst.xlsx',
    ]);
    expect(names(sortRecentImports(rows, { column: 'status', direction: 'ascending' }))).toEqual([
      'gammal-z.xls',
      'Öst.xlsx',
      'ank.xlsx',
    ]);
  });

  it('turns the sorted column around, and starts another column ascending', () => {
    expect(nextRecentImportSort(defaultRecentImportSort, 'created')).toEqual({
      column: 'created',
      direction: 'ascending',
    });
    expect(nextRecentImportSort(defaultRecentImportSort, 'status')).toEqual({
      column: 'status',
      direction: 'ascending',
    });
  });
});

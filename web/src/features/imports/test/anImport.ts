import type { ImportStatus } from '#contract/domain';
import type { Import } from '#contract/imports';

/** An import as the API shows it, in `status`, for the feature's component tests. */
export function anImport(status: ImportStatus, overrides: Partial<Import> = {}): Import {
  return {
    id: 7,
    type: 'GENERAL_PRICELIST',
    status,
    created: '2026-03-02T09:05:00.000Z',
    importStarted: null,
    imported: null,
    fileName: 'prislista.xlsx',
    importedBy: { id: 1, fullName: 'Lena Leverantör' },
    metadata: { parent: 1, id: 2, number: '2' },
    ...overrides,
  };
}

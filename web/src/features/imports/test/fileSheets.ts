import type { FileSheet } from '#contract/columnMapping';

/**
 * A business system's export: its own headers on "Blad1", one of them twice and one empty, and
 * a second sheet with English ones; for the column-mapping tests.
 */
export const blad1: FileSheet = {
  name: 'Blad1',
  columns: [
    { column: 'A', header: 'Art.nr' },
    { column: 'B', header: 'Benämning' },
    { column: 'C', header: 'Pris exkl. moms' },
    { column: 'D', header: 'Min. antal' },
    { column: 'E', header: 'Pris exkl. moms' },
    { column: 'F', header: '' },
  ],
};

export const exportSheet: FileSheet = {
  name: 'Export',
  columns: [
    { column: 'A', header: 'SKU' },
    { column: 'B', header: 'Price' },
    { column: 'C', header: 'MOQ' },
  ],
};

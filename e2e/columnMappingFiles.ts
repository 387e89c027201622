import { demoArticleNumber, exceljsWorkbook } from '../test-support/workbooks';
import type { UploadFile } from './importFiles';

/** A business system's exports for e2e/columnMapping.spec.ts, and how the mapping step shows their columns. */

const xlsxMimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The business system's headers, as its export writes them. */
const exportHeaders = [
  'Art.nr',
  'Benämning',
  'Pris exkl. moms',
  'Min. order',
  'Ledtid',
  'Lagersaldo',
] as const;
type ExportHeader = (typeof exportHeaders)[number] | 'Artikelnr' | 'Namn' | 'Nettopris' | 'MOQ';

const exportValues = (n: number): Record<ExportHeader, string | number> => ({
  'Art.nr': demoArticleNumber(n),
  Artikelnr: demoArticleNumber(n),
  Benämning: `Artikel ${n}`,
  Namn: `Artikel ${n}`,
  'Pris exkl. moms': 200 + n,
  Nettopris: 200 + n,
  'Min. order': 1,
  MOQ: 1,
  Ledtid: 5,
  Lagersaldo: 40 + n,
});

/** An export of HMD-0001 … HMD-0020 on the sheet "Blad1", with the given headers in that order. */
export async function exportFile(
  name: string,
  headers: readonly ExportHeader[] = exportHeaders,
): Promise<UploadFile> {
  const rows = Array.from({ length: 20 }, (_, i) => headers.map((header) => exportValues(i + 1)[header]));
  const buffer = await exceljsWorkbook({ Blad1: [[...headers], ...rows] });
  return { name, mimeType: xlsxMimeType, buffer };
}

/** The same export with its columns in another order. */
export const reorderedExport = (name: string) =>
  exportFile(name, ['Benämning', 'Lagersaldo', 'Pris exkl. moms', 'Art.nr', 'Ledtid', 'Min. order']);
/** Another system's export: other headers, so the saved mapping does not fit it. */
export const otherExport = (name: string) =>
  exportFile(name, ['Artikelnr', 'Namn', 'Nettopris', 'MOQ', 'Ledtid']);

/** The export's columns as the mapping step shows them: the label, and the first values under it. */
export const exportColumns: [string, string][] = [
  ['A: Art.nr', 't.ex. ”HMD-0001”, ”HMD-0002”, ”HMD-0003”'],
  ['B: Benämning', 't.ex. ”Artikel 1”, ”Artikel 2”, ”Artikel 3”'],
  ['C: Pris exkl. moms', 't.ex. ”201”, ”202”, ”203”'],
  ['D: Min. order', 't.ex. ”1”'],
  ['E: Ledtid', 't.ex. ”5”'],
  ['F: Lagersaldo', 't.ex. ”41”, ”42”, ”43”'],
];
/** A column of the export as a choice in the form: "C: Pris exkl. moms (t.ex. ”201”, ”202”, ”203”)". */
export const option = (letter: string) => {
  const [label, samples] = exportColumns.find(([text]) => text.startsWith(`${letter}:`))!;
  return `${label} (${samples})`;
};

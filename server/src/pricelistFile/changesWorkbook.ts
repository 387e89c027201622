import type { ImportChange, PricelistRowValues } from '#contract';
import { priceListColumnHeaderOf, priceListColumns, pricelistTimeStatusLabels } from '#contract/domain';
import { boldFont, bufferedWorkbookWriter, quoteFormulaText } from '../lib/xlsx/workbookWriter';
import type { StoredUpdate } from './changeDetails';
import { WORKBOOK_CREATOR } from './fileErrors';
import { formatPercent } from './riskRules';
import { escapedForCell } from './storableText';
import type { ChangesExport } from './types';

/** Text as it is; formula-like text gets Excel's quote prefix (quoteFormulaText on its row). */
const text = (value: string | number | null) =>
  value === null ? null : typeof value === 'number' ? value : escapedForCell(value);
const valueColumns = priceListColumns.filter((column) => column.key !== 'articleName');
/** As the summary shows a per cent: signed, one decimal ("−54,5 %"). */
const percent = (value: number | null) => (value === null ? '–' : formatPercent(value, true));
/** Prices as numbers, shown with two decimals; a stored price is a decimal text ("1234.50"). */
const PRICE_FORMAT = '#,##0.00';
const priceOf = (value: string | number | null) => {
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) return Number(value);
  return text(value);
};

/** buildChangesWorkbook in this thread (the worker's part). */
export async function writeChangesWorkbook(changes: ChangesExport): Promise<Buffer> {
  const { workbook, toBuffer } = bufferedWorkbookWriter(WORKBOOK_CREATOR);

  const risks = workbook.addWorksheet('Risker');
  risks.columns = [{ width: 40 }, { width: 80 }];
  const risk = changes.risk;
  if (risk) {
    const facts: [string, string | number][] = [
      ['Prislista', `${risk.pricelist.number} (${pricelistTimeStatusLabels[risk.pricelist.status]})`],
      ['Prishöjningar', risk.priceIncreases],
      [
        'Största höjning',
        risk.largestIncrease
          ? `${percent(risk.largestIncrease.percent)} (${risk.largestIncrease.articleNumber})`
          : '–',
      ],
      ['Prissänkningar', risk.priceDecreases],
      [
        'Största sänkning',
        risk.largestDecrease
          ? `${percent(risk.largestDecrease.percent)} (${risk.largestDecrease.articleNumber})`
          : '–',
      ],
      ['Medianändring av priset', percent(risk.medianChangePercent)],
      ['Priser som blir 0 kr', risk.pricesSetToZero],
      ['Borttagna rader', risk.removed],
    ];
    for (const [label, value] of facts) quoteFormulaText(risks.addRow([label, text(value)])).commit();
    risks.addRow([]).commit();
    const heading = risks.addRow([
      risk.warnings.length > 0 ? 'Kontrollera innan du läser in' : 'Inga risker',
    ]);
    heading.font = boldFont;
    heading.commit();
    for (const warning of risk.warnings) quoteFormulaText(risks.addRow([text(warning)])).commit();
  } else {
    risks.addRow(['Valideringen gjordes innan risker räknades fram.']).commit();
  }
  risks.commit();

  const rowsSheet = (name: string, chunks: string[]) => {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = valueColumns.map((column) => ({
      width: column.key === 'warrantyTerms' ? 50 : 18,
      ...(column.key === 'price' && { style: { numFmt: PRICE_FORMAT } }),
    }));
    const header = sheet.addRow(valueColumns.map((column) => column.header));
    header.font = boldFont;
    header.commit();
    for (const chunk of chunks) {
      for (const row of JSON.parse(chunk) as PricelistRowValues[]) {
        quoteFormulaText(
          sheet.addRow(
            valueColumns.map((column) => {
              const value = row[column.key as keyof PricelistRowValues];
              return column.key === 'price' ? priceOf(value) : text(value);
            }),
          ),
        ).commit();
      }
    }
    sheet.commit();
  };
  rowsSheet('Tillagda', changes.added);

  const updated = workbook.addWorksheet('Ändrade', { views: [{ state: 'frozen', ySplit: 1 }] });
  updated.columns = [{ width: 18 }, { width: 26 }, { width: 30 }, { width: 30 }];
  const header = updated.addRow(['Artikelnummer', 'Fält', 'Gammalt värde', 'Nytt värde']);
  header.font = boldFont;
  header.commit();
  for (const chunk of changes.updated) {
    for (const update of JSON.parse(chunk) as StoredUpdate[]) {
      for (const change of update.changes as ImportChange['changes']) {
        const isPrice = change.field === 'price';
        const value = isPrice ? priceOf : text;
        const row = updated.addRow([
          text(update.values.articleNumber),
          priceListColumnHeaderOf[change.field],
          value(change.oldValue),
          value(change.newValue),
        ]);
        if (isPrice) for (const column of [3, 4]) row.getCell(column).numFmt = PRICE_FORMAT;
        quoteFormulaText(row).commit();
      }
    }
  }
  updated.commit();

  rowsSheet('Borttagna', changes.removed);
  return toBuffer();
}

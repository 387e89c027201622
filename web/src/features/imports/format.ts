import { sv } from '../../ui/text/sv';

/** Dates and times in sv-SE (docs/product.md), e.g. "2026-05-04 13:45". */
const dateTimeFormat = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : dateTimeFormat.format(date);
}

/** "Sammanfattning: prislista.xlsx" once the import is known, so tabs and history tell summaries apart. */
export const summaryTitle = (fileName: string | undefined) =>
  fileName ? `${sv.imports.summary}: ${fileName}` : sv.imports.summary;

/** Numbers as Swedish readers expect them (sv-SE): "20 000", "1 234,50 kr". */

/** The no-break space: between thousands (Intl writes it) and before "kr", so a price never wraps. */
export const NO_BREAK_SPACE = '\u00a0';

const wholeNumber = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });
const number = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 2 });
const amount = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A count: "20 000" (the groups are separated by a no-break space, so a number never wraps). */
export const formatCount = (n: number) => wholeNumber.format(n);

/** A value that may have decimals: "12,5". Text that is not a number is returned as it is. */
export function formatNumber(value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value);
  return value === '' || !Number.isFinite(n) ? String(value) : number.format(n);
}

/**
 * A price in kronor: "1 234,50 kr", with no-break spaces between the groups and before "kr", so
 * the number and its unit stay on one line wherever the price is shown. Text that is not a number
 * is returned as it is.
 */
export function formatPrice(value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value);
  return value === '' || !Number.isFinite(n) ? String(value) : `${amount.format(n)}${NO_BREAK_SPACE}kr`;
}

const signedPercent = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** A change in per cent with its sign: "+140 %", "−4,2 %", "0 %" (a no-break space before "%"). */
export const formatPercent = (percent: number) => `${signedPercent.format(percent)}${NO_BREAK_SPACE}%`;

/**
 * Every time the service shows is Swedish time, whatever the browser's zone: the server's own
 * sentences ("en inläsning ångrades 13:45") and mails say Europe/Stockholm too.
 */
export const SERVICE_TIME_ZONE = 'Europe/Stockholm';

/** Dates and times in sv-SE (docs/product.md), e.g. "2026-05-04 13:45". */
const dateTimeFormat = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: SERVICE_TIME_ZONE,
});

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : dateTimeFormat.format(date);
}

/** A date written out, as in running text: "20 november 2026". */
const longDateFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: SERVICE_TIME_ZONE,
});

export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : longDateFormat.format(date);
}

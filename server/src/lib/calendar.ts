/**
 * Calendar dates as the service's users see them. Price lists and agreements start and end on
 * dates, not instants; "today" is the date in Sweden, so a list that starts on the 1st is
 * CURRENT from midnight Swedish time, whatever the server's time zone.
 */
const swedishDate = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** An ISO date, `YYYY-MM-DD`; such strings sort in date order. */
export type IsoDate = string;

/** The date in Sweden at `instant`. */
export function swedishDateOf(instant: Date): IsoDate {
  // sv-SE formats as YYYY-MM-DD.
  return swedishDate.format(instant);
}

/** `date` moved by `days` calendar days (negative moves back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

import { describe, expect, it } from 'vitest';
import { importTexts } from '../features/imports/texts';
import {
  formatCount,
  formatDateTime,
  formatLongDate,
  formatNumber,
  formatPercent,
  formatPrice,
} from './format';

// Intl writes a no-break space between groups; the tests read it as a space.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('sv-SE numbers', () => {
  it('groups counts by thousands', () => {
    expect(plain(formatCount(20_000))).toBe('20 000');
    expect(plain(formatCount(100))).toBe('100');
    expect(plain(importTexts.showingErrors(100, 20_000))).toBe('Visar 100 av 20 000 fel');
    expect(plain(importTexts.summaryPage.pageInfo(1_001, 1_020, 50_000))).toBe('Visar 1 001–1 020 av 50 000');
  });

  it('writes prices with a decimal comma, two decimals and "kr"', () => {
    expect(plain(formatPrice('1234.5'))).toBe('1 234,50 kr');
    expect(plain(formatPrice(0))).toBe('0,00 kr');
    expect(plain(formatPrice('999999999999.99'))).toBe('999 999 999 999,99 kr');
    expect(formatPrice('ej ett tal')).toBe('ej ett tal');
  });

  it('never lets a price wrap: no-break spaces between the groups and before "kr", no other space', () => {
    expect(formatPrice(1234.5)).toBe('1\u00a0234,50\u00a0kr');
    expect(formatPrice('1234567.5')).toBe('1\u00a0234\u00a0567,50\u00a0kr');
    expect(formatPrice(0)).toBe('0,00\u00a0kr');
    for (const price of [0, 5, 999.99, 1_000, 25_000.5, 999_999_999_999.99])
      expect(formatPrice(price)).not.toMatch(/[ \t\u2009\u202f]/);
  });

  it('keeps a per cent with its sign on one line', () => {
    expect(formatPercent(140)).toBe('+140\u00a0%');
    expect(formatPercent(-4.2)).toMatch(/^\u22124,2\u00a0%$/);
    expect(formatPercent(0)).toBe('0\u00a0%');
  });

  it('keeps other numbers short and text as it is', () => {
    expect(plain(formatNumber(12.5))).toBe('12,5');
    expect(plain(formatNumber('1500'))).toBe('1 500');
    expect(formatNumber('månad')).toBe('månad');
  });
});

describe('sv-SE dates', () => {
  it('writes a date out in running text, and "-" for none', () => {
    expect(formatLongDate('2026-11-20T12:00:00.000Z')).toBe('20 november 2026');
    expect(formatLongDate(null)).toBe('-');
    expect(formatLongDate('inte ett datum')).toBe('-');
  });

  it("shows every time in Swedish time, whatever the browser's zone", () => {
    // 23:30 UTC in November is 00:30 the next day in Stockholm (CET), in summer two hours ahead.
    expect(formatDateTime('2026-11-20T23:30:00.000Z')).toBe('2026-11-21 00:30');
    expect(formatDateTime('2026-07-01T10:00:00.000Z')).toBe('2026-07-01 12:00');
    expect(formatLongDate('2026-11-20T23:30:00.000Z')).toBe('21 november 2026');
  });
});

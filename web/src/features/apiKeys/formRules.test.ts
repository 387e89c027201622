import { describe, expect, it } from 'vitest';
import { keyFormErrors } from './formRules';

const days = 'Ange hur många dagar nyckeln ska gälla, ett heltal från 1 till 365.';

describe('the key form before it is sent', () => {
  it('accepts a name and a whole number of days from 1 to 365', () => {
    expect(keyFormErrors('Affärssystemet', '90')).toEqual({ name: null, expiresInDays: null });
    expect(keyFormErrors(' '.repeat(3) + 'å'.repeat(100), ' 365 ')).toEqual({
      name: null,
      expiresInDays: null,
    });
    expect(keyFormErrors('x', '1')).toEqual({ name: null, expiresInDays: null });
  });

  it('names each problem as the server does', () => {
    expect(keyFormErrors('  ', '90').name).toBe('Ange ett namn på nyckeln.');
    expect(keyFormErrors('å'.repeat(101), '90').name).toBe('Namnet får vara högst 100 tecken långt.');
    for (const name of ['Rad\nrad', 'ERP\u202Etxt.exe', '\u200B', 'Rad\u2028rad']) {
      expect(keyFormErrors(name, '90').name, JSON.stringify(name)).toBe(
        'Namnet får inte innehålla radbrytningar eller andra styrtecken.',
      );
    }
    for (const value of ['', '0', '366', '1,5', '1.5', '-3', 'nittio', '1e2']) {
      expect(keyFormErrors('ERP', value).expiresInDays, value).toBe(days);
    }
  });
});

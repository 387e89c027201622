import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword } from './commonPasswords';
import { newPasswordProblem, passwordMessages } from './passwords';

describe('new password rules', () => {
  it('needs 10 to 128 characters, counted as characters rather than bytes', () => {
    expect(newPasswordProblem('Kort-lösen')).toBeUndefined();
    expect(newPasswordProblem('Kort-lös9')).toBe(passwordMessages.tooShort);
    expect(newPasswordProblem('')).toBe(passwordMessages.tooShort);
    expect(newPasswordProblem(`${'ö'.repeat(9)}x`)).toBeUndefined();
    expect(newPasswordProblem(`Ett-långt-${'ä'.repeat(118)}`)).toBeUndefined();
    expect(newPasswordProblem(`Ett-långt-${'ä'.repeat(119)}`)).toBe(passwordMessages.tooLong);
    expect(passwordMessages.tooShort).toBe('Ditt lösenord måste vara minst 10 tecken långt.');
  });

  it('refuses the most common passwords whatever their case and trailing punctuation', () => {
    for (const password of [
      '1234567890',
      'qwertyuiop',
      'lösenord123',
      'Lösenord123!',
      'password123',
      'PASSWORD123',
      'Sommar2025!',
      'vinter2030',
      'Välkommen123',
      '1q2w3e4r5t',
      'aaaaaaaaaaaa',
    ]) {
      expect(newPasswordProblem(password), password).toBe(passwordMessages.common);
    }
    for (const password of ['Demo-Losen-2026', 'korrekt häst batteri häftklammer', 'Sommar2025!x']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('keeps a list of about two hundred entries or more, each long enough to pass the length rule', () => {
    expect(commonPasswords.size).toBeGreaterThanOrEqual(200);
    for (const password of commonPasswords) {
      expect([...password].length, password).toBeGreaterThanOrEqual(10);
      expect(password, password).toBe(password.toLowerCase());
    }
  });
});

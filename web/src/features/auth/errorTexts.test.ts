import { describe, expect, it } from 'vitest';
import {
  loginErrorText,
  passwordChangeError,
  passwordMismatchText,
  resetLinkErrorText,
  resetRequestErrorText,
} from './errorTexts';

// Failed RTK Query calls as the pages receive them: an HTTP status with the body, or a network failure.
const httpError = (status: number, data?: unknown) => ({ status, data });
const networkError = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

describe('login error texts (docs/product.md, "Texts")', () => {
  it('says the credentials are wrong on 403', () => {
    expect(loginErrorText(httpError(403))).toBe(
      'Du har angett fel användarnamn eller lösenord. Försök igen.',
    );
  });

  it.each([
    ['an empty field (400)', httpError(400)],
    ['a locked account (429)', httpError(429)],
    ['a server error (500)', httpError(500)],
    ['a network failure', networkError],
  ])('says something went wrong for %s', (_, error) => {
    expect(loginErrorText(error)).toBe('Någonting gick fel.');
  });
});

describe('reset request error texts (docs/product.md, "Forms"; docs/product.md, "Texts")', () => {
  it('asks for both fields when either is empty', () => {
    expect(resetRequestErrorText('', 'a@b.se')).toBe('Ange användarnamn och e-postadress.');
    expect(resetRequestErrorText('lev.admin', '  ')).toBe('Ange användarnamn och e-postadress.');
  });

  it('says something went wrong when both are filled in', () => {
    expect(resetRequestErrorText('lev.admin', 'lev.admin@example.se')).toBe('Någonting gick fel.');
  });
});

describe('reset link error texts (docs/product.md, "Texts")', () => {
  it('says the link is no longer valid on 403', () => {
    expect(resetLinkErrorText(httpError(403))).toBe(
      'Länken är inte längre giltig. Du behöver återställa ditt lösenord igen för att få en ny länk.',
    );
  });

  it('says something went wrong otherwise', () => {
    expect(resetLinkErrorText(httpError(500))).toBe('Någonting gick fel.');
    expect(resetLinkErrorText(networkError)).toBe('Någonting gick fel.');
  });
});

describe('the new password', () => {
  it('must be typed the same twice (docs/product.md, "Forms")', () => {
    expect(passwordMismatchText('Ett-langt-losen-1', 'Ett-langt-losen-1')).toBeNull();
    expect(passwordMismatchText('Ett-langt-losen-1', 'Ett-langt-losen-2')).toBe(
      'De lösenord du angett matchar inte.',
    );
    expect(passwordMismatchText('abc', 'ABC')).toBe('De lösenord du angett matchar inte.');
  });

  it('too short: a server errors object gives the 10-character text', () => {
    const refused = httpError(400, {
      error: { code: 'INVALID_PASSWORD', message: 'x', errors: { newPassword: 'För kort' } },
    });
    expect(passwordChangeError(refused, 'kort')).toEqual({
      text: 'Ditt lösenord måste vara minst 10 tecken långt.',
      aboutPassword: true,
    });
  });

  it('long enough but refused (too common): the server’s own text', () => {
    const refused = httpError(400, {
      error: {
        code: 'INVALID_PASSWORD',
        message: 'x',
        errors: { newPassword: 'Lösenordet är för vanligt. Välj ett annat.' },
      },
    });
    expect(passwordChangeError(refused, 'password123')).toEqual({
      text: 'Lösenordet är för vanligt. Välj ett annat.',
      aboutPassword: true,
    });
  });

  it('a bad token or another failure is about the link, not the password', () => {
    expect(passwordChangeError(httpError(403), 'Ett-langt-losen-1')).toEqual({
      text: 'Länken är inte längre giltig. Du behöver återställa ditt lösenord igen för att få en ny länk.',
      aboutPassword: false,
    });
    expect(passwordChangeError(networkError, 'Ett-langt-losen-1')).toEqual({
      text: 'Någonting gick fel.',
      aboutPassword: false,
    });
  });
});

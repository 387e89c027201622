import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAuthRoute } from './testing';

describe('the login page', () => {
  it('labels both fields as obligatoriskt (specification §5)', () => {
    renderAuthRoute('/login');
    expect(screen.getByLabelText('Användarnamn (obligatoriskt)')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Lösenord (obligatoriskt)')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    expect(document.title).toBe('Logga in – Hjälpmedelsdatabasen');
  });

  it('links to password recovery', () => {
    renderAuthRoute('/login');
    expect(screen.getByRole('link', { name: 'Glömt lösenordet?' })).toHaveAttribute('href', '/login/recover');
  });
});

describe('the recovery pages', () => {
  it.each(['/login/recover', '/login/password/recover'])('%s asks for username and e-postadress', (path) => {
    renderAuthRoute(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Återställ lösenord' })).toBeVisible();
    expect(screen.getByLabelText('Användarnamn (obligatoriskt)')).toBeVisible();
    expect(screen.getByLabelText('E-postadress (obligatoriskt)')).toHaveAttribute('type', 'email');
  });
});

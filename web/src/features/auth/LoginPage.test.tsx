import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { authRoutes } from './routes';

describe('the login page', () => {
  it('labels both fields as obligatoriskt (docs/product.md, "Forms")', () => {
    renderRoutes(authRoutes, '/login');
    expect(screen.getByLabelText('Användarnamn (obligatoriskt)')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Lösenord (obligatoriskt)')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    expect(document.title).toBe('Logga in – Hjälpmedelsdatabasen');
  });

  it('links to password recovery', () => {
    renderRoutes(authRoutes, '/login');
    expect(screen.getByRole('link', { name: 'Glömt lösenordet?' })).toHaveAttribute('href', '/login/recover');
  });
});

describe('the recovery pages', () => {
  it.each(['/login/recover', '/login/password/recover'])('%s asks for username and e-postadress', (path) => {
    renderRoutes(authRoutes, path);
    expect(screen.getByRole('heading', { level: 1, name: 'Återställ lösenord' })).toBeVisible();
    expect(screen.getByLabelText('Användarnamn (obligatoriskt)')).toBeVisible();
    expect(screen.getByLabelText('E-postadress (obligatoriskt)')).toHaveAttribute('type', 'email');
  });
});

describe('required fields', () => {
  it('names each empty field at the field, ties the text to it and focuses the first', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    renderRoutes(authRoutes, '/login');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    const username = screen.getByLabelText('Användarnamn (obligatoriskt)');
    const password = screen.getByLabelText('Lösenord (obligatoriskt)');
    expect(username).toHaveFocus();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Ange ditt användarnamn.');
    expect(password).toHaveAccessibleDescription('Ange ditt lösenord.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the recovery form names its empty fields too, beside the specified sentence', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    renderRoutes(authRoutes, '/login/recover');
    await user.type(screen.getByLabelText('Användarnamn (obligatoriskt)'), 'lev.admin');
    await user.click(screen.getByRole('button', { name: 'Skicka' }));
    const email = screen.getByLabelText('E-postadress (obligatoriskt)');
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('Ange din e-postadress. Ange användarnamn och e-postadress.');
    expect(screen.getByRole('alert')).toHaveTextContent('Ange användarnamn och e-postadress.');
  });
});

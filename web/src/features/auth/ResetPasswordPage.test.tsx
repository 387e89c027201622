import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { json, stubFetch } from '../../test/stubFetch';
import { authRoutes } from './routes';

describe('the new-password page without its link parameters (docs/product.md, "Screens and routes")', () => {
  it.each([
    '/login/reset',
    '/login/reset?email=lev.admin%40example.se',
    '/login/create?token=abc',
    '/login/password/create?email=&token=abc',
  ])('%s shows nothing and validates nothing', (path) => {
    const { container, store } = renderRoutes(authRoutes, path);
    // Only the heading for screen readers remains; it is visually hidden.
    expect(screen.getByRole('heading', { level: 1, name: 'Välj nytt lösenord' })).toHaveClass(
      'visually-hidden',
    );
    // The page itself; the footer (its cookie button) is on every page.
    const page = container.querySelector('main')!;
    expect(page.querySelectorAll('input, form, button, [role="alert"], [role="status"]')).toHaveLength(0);
    expect(screen.queryByText(/10 tecken/)).toBeNull();
    expect(Object.keys(store.getState().api.mutations)).toHaveLength(0);
  });
});

describe('the focus on the new-password page never rests on the body', () => {
  afterEach(() => vi.unstubAllGlobals());
  const path = '/login/reset?email=lev.admin%40example.se&token=abc';

  it('starts on the heading, and the message that replaces the form takes it once saved', async () => {
    stubFetch(async () => json({}));
    renderRoutes(authRoutes, path);
    expect(screen.getByRole('heading', { level: 1, name: 'Välj nytt lösenord' })).toHaveFocus();
    const password = await screen.findByLabelText(/^Nytt lösenord/);
    await userEvent.type(password, 'Ett-Nytt-Losen-2026');
    await userEvent.type(screen.getByLabelText(/^Upprepa nytt lösenord/), 'Ett-Nytt-Losen-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Spara lösenord' }));
    const saved = await screen.findByRole('status');
    expect(saved).toHaveTextContent('Ditt lösenord är sparat.');
    await waitFor(() => expect(saved).toHaveFocus());
  });

  it('leaves the focus on the heading when the link is refused on arrival', async () => {
    stubFetch(async () => json({ message: 'Länken är ogiltig.' }, 400));
    renderRoutes(authRoutes, path);
    await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Välj nytt lösenord' })).toHaveFocus();
  });
});

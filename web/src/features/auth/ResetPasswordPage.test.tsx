import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
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

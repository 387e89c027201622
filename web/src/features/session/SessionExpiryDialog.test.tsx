import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionExpiryDialog } from './SessionExpiryDialog';

afterEach(() => vi.useRealTimers());

describe('the session warning', () => {
  it('has the countdown in its accessible description, as it counts', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z') });
    render(
      <SessionExpiryDialog
        expiresAt={Date.now() + 272_000}
        onExpired={() => {}}
        onLogout={() => {}}
        onStayLoggedIn={() => {}}
        busy={false}
      />,
    );
    // jsdom has no modal dialogs: shown as a browser shows it.
    document.querySelector('dialog')?.setAttribute('open', '');
    const dialog = screen.getByRole('dialog', { name: 'Du kommer snart att loggas ut' });
    expect(dialog).toHaveAccessibleDescription(
      'Din session upphör snart på grund av inaktivitet. Vill du fortsätta vara inloggad? Du loggas ut om 4 minuter och 32 sekunder',
    );
  });
});

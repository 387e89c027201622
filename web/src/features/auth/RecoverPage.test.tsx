import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { json, stubFetch } from '../../test/stubFetch';
import { RecoverPage } from './RecoverPage';
import { authTexts } from './texts';

beforeEach(() => {
  stubFetch(async () => json({}, 200));
});
afterEach(() => vi.unstubAllGlobals());

describe('the reset request page', () => {
  it('moves the focus to the message that replaces the form once the request is sent', async () => {
    renderInApp(<RecoverPage />, { path: '/login/recover' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(new RegExp(`^${authTexts.recover.username}`)), 'anna');
    await user.type(screen.getByLabelText(new RegExp(`^${authTexts.recover.email}`)), 'anna@example.se');
    await user.keyboard('{Enter}');
    const message = await screen.findByText(authTexts.recover.sent);
    expect(message).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });
});

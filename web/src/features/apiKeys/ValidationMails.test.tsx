import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { callsOf, json, stubFetch } from '../../test/stubFetch';
import { ValidationMails } from './ValidationMails';

let fetchMock: ReturnType<typeof stubFetch>;
let sent: unknown;

beforeEach(() => {
  sent = undefined;
  fetchMock = stubFetch(async (request) => {
    if (request.method === 'PUT') {
      sent = await request.json();
      return json(sent);
    }
    return json({ validationMails: true });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the setting for mails when a validation ends', () => {
  it('shows the saved choice, and saves a new one by keyboard with a message', async () => {
    renderInApp(<ValidationMails />, { path: '/api-nycklar' });
    const box = await screen.findByRole('checkbox', {
      name: 'Skicka e-post till mig när en validering är klar',
    });
    // The saved choice has arrived once the box can be used (until then it is disabled).
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
    const user = userEvent.setup();
    box.focus();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Spara' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Sparat: du får ingen e-post om valideringar.')).toBeInTheDocument();
    expect(sent).toEqual({ validationMails: false });
    expect(callsOf(fetchMock)).toContain('PUT /resources/v1/api-keys/validation-mails');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { Profile } from '#contract/auth';
import { renderInApp } from '../../test/render';
import { MainMenu } from './MainMenu';

/** A user with no permissions: the menu has "Sök" only, and asks the server nothing. */
const profile: Profile = {
  id: 1,
  firstName: 'Anna',
  lastName: 'Andersson',
  previousLoginFound: true,
  userEngagements: [{ organizationId: 1, roles: [] }],
};

it('"Meny" closes on Escape and gives the focus back to its button', async () => {
  const user = userEvent.setup();
  renderInApp(<MainMenu profile={profile} />, { path: '/' });
  const toggle = screen.getByRole('button', { name: 'Meny' });
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // From a link inside the menu.
  await user.tab();
  expect(screen.getByRole('link', { name: 'Sök' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveFocus();

  // And from the button itself.
  await user.keyboard('{Enter}');
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard('{Escape}');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveFocus();
});

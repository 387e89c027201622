import type { Page } from '@playwright/test';
import { SHORT_SESSION, shortSessionPort } from '../playwright.config';
import { expect, expectNoAxeViolations, loginAs, test } from './fixtures';

/**
 * The longest wait for a ping: the short-session server's pages ping every 2 s, so its warning
 * (at 300 s of 312 left) shows about 12 s after the last activity; slack for a busy machine.
 */
const PING_WAIT = 30_000;
/** The main server's ping interval, the default (docs/product.md, "Constants"). */
const PING_INTERVAL_MS = 30_000;

/** Signs in; lev.admin lands on the start page, lev.ny (first login) on /v1/profile. */
async function logIn(page: Page, username: 'lev.admin' | 'lev.ny') {
  await loginAs(page, username);
  await expect(page).toHaveURL(username === 'lev.admin' ? /\/$/ : /\/v1\/profile$/);
}

/** Ends the browser's session on the server, behind the open page's back. */
async function endSessionOnServer(page: Page, baseURL: string) {
  const logout = await page.request.post('/resources/v1/logout', { headers: { origin: baseURL } });
  expect(logout.ok()).toBe(true);
}

test.describe('near the end of a session', { tag: SHORT_SESSION }, () => {
  // This server ends idle sessions after 5.2 minutes and its pages ping every 2 s, so a ping
  // about 12 s after the last activity finds ≤ 300 s left.
  test.use({ baseURL: `http://localhost:${shortSessionPort}` });

  test('a dialog that cannot be dismissed warns; "Fortsätt vara inloggad" keeps the user in, "Logga ut" signs out', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const pings: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/resources/v1/api/session/ping')) {
        pings.push(request.headers()['x-background-request'] ?? '');
      }
    });
    await logIn(page, 'lev.admin');
    // Focus goes back where it was when the dialog closes.
    const focusedBefore = page.getByRole('link').first();
    await focusedBefore.focus();

    const dialog = page.getByRole('dialog', { name: 'Du kommer snart att loggas ut' });
    await expect(dialog).toBeVisible({ timeout: PING_WAIT });
    // The ping marks itself as a background request, so it never extends the session.
    expect(pings.length).toBeGreaterThanOrEqual(2);
    expect(new Set(pings)).toEqual(new Set(['true']));
    await expect(page.getByRole('button', { name: 'Fortsätt vara inloggad' })).toBeFocused();
    await expectNoAxeViolations(page);

    // Escape (twice: Chrome lets a second one through a blocked cancel) leaves it open.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    // Focus stays inside: tabbing moves between its two buttons.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Logga ut' })).toBeFocused();
    // Clicking outside does not close it either.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    await page.getByRole('button', { name: 'Fortsätt vara inloggad' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(focusedBefore).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    const ping = await page.request.get('/resources/v1/api/session/ping');
    expect((await ping.json()).secondsUntilExpire).toBeGreaterThan(300);

    // The next ping warns again; this time the user signs out from the dialog.
    await expect(dialog).toBeVisible({ timeout: PING_WAIT });
    await dialog.getByRole('button', { name: 'Logga ut' }).click();
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Du är utloggad' })).toBeVisible();
    expect((await page.request.get('/resources/v1/profile')).status()).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('hmdb.profile'))).toBeNull();
  });
});

test.describe('the countdown and an automatic logout', { tag: SHORT_SESSION }, () => {
  test.use({ baseURL: `http://localhost:${shortSessionPort}` });

  test('the dialog counts down every second, announces only at whole minutes, and the logout page says why', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await logIn(page, 'lev.admin');
    const dialog = page.getByRole('dialog', { name: 'Du kommer snart att loggas ut' });
    await expect(dialog).toBeVisible({ timeout: PING_WAIT });

    const countdown = dialog.locator('.session-countdown');
    await expect(countdown).toHaveText(/^Du loggas ut om 4 minuter och \d{1,2} sekunder$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!);
    // The countdown is part of the dialog's description; the polite region holds nothing until 4:00.
    await expect(dialog).toHaveAccessibleDescription(
      /^Din session upphör snart på grund av inaktivitet\. Vill du fortsätta vara inloggad\? Du loggas ut om 4 minuter/,
    );
    const announcer = dialog.locator('[aria-live="polite"]');
    const announced: string[] = [];
    await page.exposeFunction('recordAnnouncement', (text: string) => announced.push(text));
    await announcer.evaluate((region) => {
      new MutationObserver(() =>
        (window as unknown as { recordAnnouncement: (text: string) => void }).recordAnnouncement(
          region.textContent ?? '',
        ),
      ).observe(region, { childList: true, characterData: true, subtree: true });
    });
    // The warning showed at about 5:00, so 4:00 is a minute away.
    await expect(announcer).toHaveText('Du loggas ut om 4 minuter.', { timeout: 90_000 });
    await expectNoAxeViolations(page);
    // Many seconds have passed on screen, but the region changed once.
    expect(announced).toEqual(['Du loggas ut om 4 minuter.']);

    // The session ends on the server while the warning shows: the next ping sends the page away.
    await endSessionOnServer(page, baseURL!);
    await expect(page).toHaveURL(/\/logout$/, { timeout: PING_WAIT });
    await expect(page.getByRole('heading', { level: 1, name: 'Du är utloggad' })).toBeVisible();
    // The server's idle setting (SESSION_IDLE_MINUTES=5.2 on this server), not a built-in 30.
    await expect(
      page.getByText('Du har loggats ut eftersom du inte har varit aktiv på 5,2 minuter.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('a ping that finds the session gone sends the open page to /logout', async ({ page, baseURL }) => {
  // The page's clock runs as usual; the test moves it on by one ping interval once the session
  // has ended, so the next ping comes then, not up to 30 s later.
  await page.clock.install();
  // Once the shell's own first calls are done, only the ping asks the server. (The load state
  // 'networkidle' is no wait here: it is reached before the lazily loaded shell asks.)
  const shellCalls = Promise.all([
    page.waitForResponse('**/resources/v1/organizations/*'),
    page.waitForResponse('**/resources/v1/organizations/*/generalpricelists'),
  ]);
  await logIn(page, 'lev.ny');
  await shellCalls;
  await endSessionOnServer(page, baseURL!);
  const ping = page.waitForResponse('**/resources/v1/api/session/ping', { timeout: PING_WAIT });
  await page.clock.fastForward(PING_INTERVAL_MS);
  expect(await (await ping).json()).toMatchObject({ hasSession: false });
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Du är utloggad' })).toBeVisible();
  // No warning showed, so the page does not claim the user was inactive.
  await expect(page.getByText(/inte har varit aktiv/)).toHaveCount(0);
  // The cached profile is gone: going back in asks the server, and the guard sends the user to /login.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a 401 on any call while the session existed sends the page to /logout', async ({ page, baseURL }) => {
  await logIn(page, 'lev.ny');
  await endSessionOnServer(page, baseURL!);
  // An ordinary call (long before the next ping): the profile, refetched through the invalidate event.
  const profile = page.waitForResponse('**/resources/v1/profile');
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('invalidate-api-store', { detail: ['Profile'] })),
  );
  expect((await profile).status()).toBe(401);
  await expect(page).toHaveURL(/\/logout$/, { timeout: 5_000 });
});

test('an ended session does not move the user away from the login pages', async ({ page, baseURL }) => {
  // As above: the page's clock is moved on to the next ping.
  await page.clock.install();
  await logIn(page, 'lev.admin');
  await page.waitForLoadState('networkidle');
  await endSessionOnServer(page, baseURL!);
  // An in-app move keeps the SPA's state: it still believes in the session until the next ping.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/login/recover');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Återställ lösenord' })).toBeVisible();
  const ping = page.waitForResponse('**/resources/v1/api/session/ping', { timeout: PING_WAIT });
  await page.clock.fastForward(PING_INTERVAL_MS);
  expect(await (await ping).json()).toMatchObject({ hasSession: false });
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/login\/recover$/);
});

test('the invalidate-api-store event refetches the named cached data', async ({ page }) => {
  await logIn(page, 'lev.admin');
  const profileRequest = page.waitForRequest('**/resources/v1/profile');
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('invalidate-api-store', { detail: ['Profile'] })),
  );
  await profileRequest;
});

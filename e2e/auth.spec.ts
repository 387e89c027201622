import { smtpPortOf } from '../playwright.config';
import { startTestMailbox, type TestMailbox } from '../test-support/mailbox';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, loginAs, submitLogin, test } from './fixtures';

const WRONG_CREDENTIALS = 'Du har angett fel användarnamn eller lösenord. Försök igen.';
const LINK_INVALID =
  'Länken är inte längre giltig. Du behöver återställa ditt lösenord igen för att få en ny länk.';

test.describe('sign-in', () => {
  test('by keyboard alone; a wrong password gives the 403 text, tied to the fields', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Logga in – Hjälpmedelsdatabasen');
    await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    await expectNoAxeViolations(page);

    const username = page.getByLabel('Användarnamn (obligatoriskt)');
    const password = page.getByLabel('Lösenord (obligatoriskt)');
    await page.keyboard.press('Tab');
    await expect(username).toBeFocused();
    await page.keyboard.type('lev.admin');
    await page.keyboard.press('Tab');
    await expect(password).toBeFocused();
    await page.keyboard.type('fel-losenord-123');
    await page.keyboard.press('Enter');

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(WRONG_CREDENTIALS);
    const alertId = await alert.getAttribute('id');
    await expect(username).toHaveAttribute('aria-describedby', alertId!);
    await expect(password).toHaveAttribute('aria-describedby', alertId!);
    await expectNoAxeViolations(page);
    await expect(page).toHaveURL(/\/login$/);

    // Corrected by keyboard too: the same form now signs in.
    await password.fill('');
    await password.focus();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown user gets the same text; empty fields are named at each field before anything is sent', async ({
    page,
  }) => {
    await page.goto('/login');
    const username = page.getByLabel('Användarnamn (obligatoriskt)');
    const password = page.getByLabel('Lösenord (obligatoriskt)');
    await username.fill('finns.inte');
    await password.fill('Ett-langt-losen-1');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);

    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/resources/v1/login')) logins.push(request.url());
    });
    await username.fill('');
    await password.fill('');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect(page.getByText('Ange ditt användarnamn.')).toBeVisible();
    await expect(page.getByText('Ange ditt lösenord.')).toBeVisible();
    await expect(username).toBeFocused();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription('Ange ditt användarnamn.');
    await expect(password).toHaveAccessibleDescription('Ange ditt lösenord.');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Only the empty one is named; the filled one is no longer marked.
    await username.fill('lev.admin');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect(password).toBeFocused();
    await expect(page.getByText('Ange ditt användarnamn.')).toHaveCount(0);
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription('Ange ditt lösenord.');
    expect(logins).toEqual([]);
  });

  test('a locked account keeps the general text and says when it may try again', async ({ page }) => {
    await page.goto('/login');
    const answered = () => page.waitForResponse((response) => response.url().endsWith('/resources/v1/login'));
    for (let i = 0; i < 10; i++) {
      const answer = answered();
      await submitLogin(page, 'lev2.admin', `fel-losenord-${i}`);
      expect((await answer).status()).toBe(403);
    }
    const answer = answered();
    await submitLogin(page, 'lev2.admin');
    expect((await answer).status()).toBe(429);
    await expect(page.getByRole('alert')).toHaveText(
      /^Någonting gick fel\. För många misslyckade inloggningsförsök\. Försök igen om 15 minuter\.$/,
    );
  });

  test('the login pages have the footer with the accessibility statement', async ({ page }) => {
    for (const path of ['/login', '/login/recover', '/logout', '/login/reset?email=a%40b.se&token=x']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Tillgänglighetsredogörelse' })).toBeVisible();
      await expect(footer.getByRole('button', { name: 'Hantering av kakor' })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test('a first login lands on /v1/profile and keeps the profile in local storage', async ({ page }) => {
    await loginAs(page, 'lev.ny');
    await expect(page).toHaveURL(/\/v1\/profile$/);
    const stored = await page.evaluate(() => localStorage.getItem('hmdb.profile'));
    expect(JSON.parse(stored!)).toMatchObject({ firstName: expect.any(String), previousLoginFound: false });
  });

  test("a supplier's first page shows the way to a first price list, by keyboard, at 375 and 1280 px", async ({
    page,
  }) => {
    await loginAs(page, 'lev.ny');
    await expect(page).toHaveURL(/\/v1\/profile$/);
    const guide = page.getByRole('region', { name: 'Kom igång: läs in din prislista' });
    await expect(guide.getByRole('listitem')).toHaveCount(3);
    await expect(guide).toContainText('en artikel som inte finns i filen tas bort ur prislistan');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoAxeViolations(page);
    }
    const toImports = guide.getByRole('link', { name: 'Till Inläsningar' });
    await toImports.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/import$/);
    await expect(page.getByRole('button', { name: 'Läs in fil' })).toBeVisible();
  });

  test('a user who has logged in before lands on the start page', async ({ page }) => {
    await loginAs(page, 'lev.admin');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the start page is guarded: without a session the user is sent to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    // Another page: signing in returns to it.
    await page.goto('/start');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fstart$/);
  });

  test('signing in returns only to a page of this site, never to another one', async ({ page, baseURL }) => {
    for (const returnTo of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
      await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await submitLogin(page, 'lev.admin');
      await expect(page).toHaveURL(`${baseURL}/`);
      await page.context().clearCookies();
    }
    await page.goto('/login?returnTo=%2Fimport');
    await submitLogin(page, 'lev.admin');
    await expect(page).toHaveURL(`${baseURL}/import`);
  });
});

test.describe('password reset', () => {
  let mailbox: TestMailbox;
  test.beforeAll(async () => {
    // The SMTP port of this project's server.
    mailbox = await startTestMailbox(smtpPortOf(test.info().project.use.baseURL!));
  });
  test.afterAll(async () => {
    await mailbox.close();
  });

  test('the whole flow: request, mail, link, mistakes, new password, sign-in', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Glömt lösenordet?' }).click();
    await expect(page).toHaveURL(/\/login\/recover$/);
    await expect(page).toHaveTitle('Återställ lösenord – Hjälpmedelsdatabasen');
    await expectNoAxeViolations(page);

    await page.getByLabel('Användarnamn (obligatoriskt)').fill('lev.admin');
    await page.getByLabel('E-postadress (obligatoriskt)').fill('lev.admin@example.se');
    await page.getByRole('button', { name: 'Skicka' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Ett meddelande med instruktioner för hur du återställer ditt lösenord har skickats till din e-postadress. Kontrollera att meddelandet inte hamnat i din skräppost.',
    );
    await expectNoAxeViolations(page);
    const first = await mailbox.next();
    expect(first.to).toEqual(['lev.admin@example.se']);

    // "Skicka igen." sends another mail with a new link.
    await page.getByRole('button', { name: 'Skicka igen.' }).click();
    const second = await mailbox.next();
    const link = resetLinkIn(second.text);
    expect(link).not.toBe(resetLinkIn(first.text));
    expect(link.startsWith(`${test.info().project.use.baseURL}/login/reset?`)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Välj nytt lösenord' })).toBeVisible();
    await expect(page.getByText('Lösenordet måste vara minst 10 tecken långt.')).toBeVisible();
    await expectNoAxeViolations(page);
    const newPassword = page.getByLabel('Nytt lösenord (obligatoriskt)', { exact: true });
    const repeated = page.getByLabel('Upprepa nytt lösenord (obligatoriskt)');
    const save = page.getByRole('button', { name: 'Spara lösenord' });

    await newPassword.fill('Nytt-Losen-2026');
    await repeated.fill('Nytt-Losen-2025');
    await save.click();
    await expect(page.getByRole('alert')).toHaveText('De lösenord du angett matchar inte.');
    await expect(repeated).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await newPassword.fill('kort');
    await repeated.fill('kort');
    await save.click();
    await expect(page.getByRole('alert')).toHaveText('Ditt lösenord måste vara minst 10 tecken långt.');
    await expect(newPassword).toHaveAttribute('aria-invalid', 'true');

    // Long enough but among the most common: the server's own reason, not the length rule.
    await newPassword.fill('sommar2025');
    await repeated.fill('sommar2025');
    await save.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Lösenordet är för vanligt och lätt att gissa. Välj ett annat lösenord.',
    );

    // By keyboard: type both fields and submit with Enter.
    await newPassword.fill('');
    await newPassword.focus();
    await page.keyboard.type('Nytt-Losen-2026');
    await page.keyboard.press('Tab');
    await expect(repeated).toBeFocused();
    await repeated.fill('');
    await page.keyboard.type('Nytt-Losen-2026');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(
      'Ditt lösenord är sparat. Du kan nu logga in i tjänsten med ditt nya lösenord.',
    );
    await expectNoAxeViolations(page);
    const notice = await mailbox.next();
    expect(notice.to).toEqual(['lev.admin@example.se']);

    await page.getByRole('link', { name: 'Till inloggning' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, 'lev.admin');
    await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
    await submitLogin(page, 'lev.admin', 'Nytt-Losen-2026');
    await expect(page).toHaveURL(/\/$/);

    // The link was used up.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(LINK_INVALID);
  });

  test('/login/password/recover asks for both fields when one is empty', async ({ page }) => {
    await page.goto('/login/password/recover');
    await page.getByLabel('Användarnamn (obligatoriskt)').fill('lev.admin');
    await page.getByRole('button', { name: 'Skicka' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ange användarnamn och e-postadress.');
    const email = page.getByLabel('E-postadress (obligatoriskt)');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription(
      'Ange din e-postadress. Ange användarnamn och e-postadress.',
    );
    await expectNoAxeViolations(page);
  });

  test('a link that does not hold gives the 403 text', async ({ page }) => {
    for (const path of ['/login/reset', '/login/create', '/login/password/create']) {
      await page.goto(`${path}?email=lev.admin%40example.se&token=inte-en-riktig-nyckel`);
      await expect(page.getByRole('alert')).toHaveText(LINK_INVALID);
      await expect(page.getByLabel('Nytt lösenord (obligatoriskt)', { exact: true })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });

  test('without email and token the page shows nothing', async ({ page }) => {
    await page.goto('/login/reset?token=abc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveClass('visually-hidden');
    await expect(page.locator('main input, main button, main [role="alert"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test('the logged-out page and the welcome page', async ({ page }) => {
  await page.goto('/logout');
  await expect(page).toHaveTitle('Du är utloggad – Hjälpmedelsdatabasen');
  await expect(page.getByRole('heading', { level: 1, name: 'Du är utloggad' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Till inloggning' }).press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/welcome');
  await expect(page.locator('main')).toHaveText('Välkommen till Hjälpmedelsdatabasen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveClass('visually-hidden');
  await expectNoAxeViolations(page);
});

function resetLinkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+\/login\/reset\?\S+/)?.[0];
  if (!link) throw new Error(`no reset link in the mail:\n${text}`);
  return link;
}

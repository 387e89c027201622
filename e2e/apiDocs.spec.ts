import { currentPricelist, expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { tabTo } from './keyboard';

/**
 * The API reference (/api-dokumentation): our own page, drawn on the server from the OpenAPI
 * document (docs/decisions/0036-own-api-reference-page.md). Swedish, nothing from elsewhere but
 * its own copy buttons' script, and axe with WCAG 2.1 A/AA and the best practices, nothing left
 * out; its commands name the service and a signed-in reader's ids, and its guide is a page too
 * (docs/decisions/0044-pages-for-integrators.md).
 */

test('the API reference opens from the footer, shows every operation of the document in Swedish, keeps the CSP and passes axe', async ({
  page,
}) => {
  // axe reads every node of a long page, twice.
  test.setTimeout(240_000);
  // Collected from before the page is read: any Content-Security-Policy violation on it.
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event: SecurityPolicyViolationEvent) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/login');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API-dokumentation' }).click();
  await expect(page).toHaveURL(/\/api-dokumentation$/);
  await expect(page).toHaveTitle('API-dokumentation – Hjälpmedelsdatabasen');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(page.getByRole('heading', { level: 1, name: 'API-dokumentation' })).toBeVisible();

  // What the page loads: itself and its copy buttons' script, a file of its own.
  const ownOrigin = new URL(test.info().project.use.baseURL!).origin;
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'API-dokumentation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kopiera kommandot' }).first()).toBeVisible();
  expect(loaded).toEqual([`${ownOrigin}/api-dokumentation`, `${ownOrigin}/api-dokumentation/kopiera.js`]);
  await expect(page.locator('script')).toHaveCount(1);
  await expect(page.locator('script')).toHaveAttribute('src', '/api-dokumentation/kopiera.js');

  // The quick start comes first, then every operation of the document, in its Swedish group.
  const document = await (await page.request.get('/resources/v1/openapi.json')).json();
  const operations = Object.values(document.paths as Record<string, object>).flatMap((item) =>
    Object.keys(item),
  );
  const headings = page.getByRole('heading', { level: 2 });
  await expect(headings.first()).toHaveText('Kom igång med curl');
  await expect(page.getByText('export HMDB_API_KEY=hmdb_…')).toBeVisible();
  // The service's own address, not an example's.
  await expect(page.getByText(`export HMDB_URL=${ownOrigin}`)).toBeVisible();
  // A copy button under every command: the quick start's five and each call's.
  await expect(page.getByRole('button', { name: 'Kopiera kommandot' })).toHaveCount(5 + operations.length);
  await expect(page.locator('section.operation')).toHaveCount(operations.length);
  await expect(page.getByRole('heading', { level: 2, name: 'Inläsning av prislistor' })).toBeVisible();

  // The upload, reached from the contents: its parts, the Idempotency-Key, an example to copy.
  await page
    .getByRole('navigation', { name: 'Innehåll' })
    .getByRole('link', { name: /^POST \/imports\/\{organizationId\}: Ladda upp en prislistefil$/ })
    .click();
  await expect(page).toHaveURL(/#anrop-post-imports-organizationid$/);
  const upload = page.locator('#anrop-post-imports-organizationid');
  await expect(upload.getByRole('heading', { level: 3, name: 'Ladda upp en prislistefil' })).toBeInViewport();
  for (const name of ['Parametrar', 'Begäran', 'Exempel med curl', 'Svar'])
    await expect(upload.getByRole('heading', { level: 4, name })).toBeVisible();
  await expect(upload.getByText('idempotency-key', { exact: true })).toBeVisible();
  await expect(upload.getByText('API-nyckel:')).toBeVisible();
  await expect(
    upload.getByText('{"type":"GENERAL_PRICELIST","metadata":{"parent":1,"id":2}}').first(),
  ).toBeVisible();
  await expect(upload.getByText('Filen är större än UPLOAD_MAX_BYTES')).toBeVisible();
  // The 201's example is a real import: a positive id and the status an upload answers with.
  const example = JSON.parse((await upload.locator('pre.example').nth(2).textContent()) ?? '');
  expect(example.importObject).toMatchObject({ id: 12, status: 'VALIDATION_PENDING' });

  // A link to a schema leads to it.
  await upload.getByRole('link', { name: 'Import', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 3, name: 'Import', exact: true })).toBeInViewport();

  // Not a word of an English frame.
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toMatch(/\b(Parameters|Responses|Request body|Example Value|Media type|Try it out)\b/);

  await expectNoAxeViolations(page, { bestPractice: true });
  // The narrow screen of the accessibility review: nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page, { bestPractice: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
  expect(problems).toEqual([]);
});

test('the API-key page links to the reference', async ({ page }) => {
  await loginAs(page, 'lev.admin');
  await page.goto('/api-nycklar');
  await page.getByRole('main').getByRole('link', { name: 'API-dokumentationen' }).click();
  await expect(page).toHaveURL(/\/api-dokumentation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API-dokumentation' })).toBeVisible();
});

test('by keyboard: a command copied from the quick start, said politely; the signed-in supplier’s ids in the commands', async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'lev.admin');
  const own = await currentPricelist(page);
  await page.goto('/api-dokumentation');
  const ownOrigin = new URL(test.info().project.use.baseURL!).origin;
  await expect(
    page.getByText(
      `och med dina egna id:n: organisation ${own.organizationId}, generell prislista ${own.generalPricelistId}, aktuell prislista ${own.pricelistId}.`,
    ),
  ).toBeVisible();

  // The second step's button, reached by Tab from the top of the page and pressed with Enter.
  const step = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Organisation och prislista' }) });
  const button = step.getByRole('button', { name: 'Kopiera kommandot' });
  await expect(button).toHaveAccessibleDescription('Organisation och prislista');
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const status = step.getByRole('status');
  await expect(status).toHaveText('Kopierat');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await step.locator('pre.command').textContent());
  expect(copied).toContain(`\nPRICELIST=${own.pricelistId}`);
  // Back to the first step's button, and Space works as well.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Kopiera kommandot' }).first()).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').first()).toHaveText('Kopierat');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    `export HMDB_URL=${ownOrigin}\n`,
  );

  // Each call's command names the organisation's own ids.
  const upload = page.locator('#anrop-post-imports-organizationid');
  await expect(upload.locator('pre.command')).toContainText(`"$API/imports/${own.organizationId}"`);
  await expect(upload.locator('pre.command')).toContainText(
    `"metadata":{"parent":${own.generalPricelistId},"id":${own.pricelistId}}`,
  );
});

test('the guide is a page of the site, linked from the reference, with copy buttons, and passes axe at 1280 and 375 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/api-dokumentation');
  await page.getByRole('main').getByRole('link', { name: 'guiden till skriptad inläsning' }).first().click();
  await expect(page).toHaveURL(/\/api-dokumentation\/guide$/);
  await expect(page).toHaveTitle('Guide till skriptad inläsning – Hjälpmedelsdatabasen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading in a price list from a script');
  await expect(page.getByRole('article')).toHaveAttribute('lang', 'en');
  const ownOrigin = new URL(test.info().project.use.baseURL!).origin;
  await expect(page.getByText(`export HMDB_URL=${ownOrigin}`).first()).toBeVisible();

  // The quick start's first command, copied by keyboard.
  const button = page.getByRole('button', { name: 'Kopiera kommandot' }).first();
  await expect(button).toHaveAccessibleDescription('Quick start');
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').first()).toHaveText('Kopierat');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('newkey() {');

  await expectNoAxeViolations(page, { bestPractice: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page, { bestPractice: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Back to the reference.
  await page.getByRole('link', { name: 'API-dokumentation', exact: true }).click();
  await expect(page).toHaveURL(/\/api-dokumentation$/);
  expect(problems).toEqual([]);
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * Rules of axe's best practices that Swagger UI's own markup breaks, whatever its configuration
 * (docs/decisions/0022-openapi-document-and-reference-page.md). WCAG 2.1 AA is checked whole.
 */
const swaggerUiBestPracticeRules = [
  // Its document title is an h1 and its groups h3: no h2 between them.
  'heading-order',
  // Its block with the document's title and description lies outside its <main id="operations">.
  'region',
  // An open operation's "Responses" section and the next one's share a name.
  'landmark-unique',
];

async function expectNoBestPracticeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['best-practice'])
    .disableRules(swaggerUiBestPracticeRules)
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

test('the API reference opens from the footer, shows every operation of the document, keeps the CSP and passes axe', async ({
  page,
}) => {
  // Collected from before the first script runs: any Content-Security-Policy violation on the page.
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
  // Nothing from a CDN or anywhere else: the page works offline.
  const ownOrigin = new URL(test.info().project.use.baseURL!).origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${ownOrigin}/`) && !url.startsWith('data:')) elsewhere.push(url);
  });

  await page.goto('/login');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API-dokumentation' }).click();
  await expect(page).toHaveURL(/\/api-dokumentation$/);
  await expect(page).toHaveTitle('API-dokumentation – Hjälpmedelsdatabasen');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(page.getByRole('heading', { level: 1, name: 'API-dokumentation' })).toBeVisible();

  // Every operation of the document is drawn, in its Swedish group.
  const document = await (await page.request.get('/resources/v1/openapi.json')).json();
  const operations = Object.values(document.paths as Record<string, object>).flatMap((item) =>
    Object.keys(item),
  );
  await expect(page.locator('.opblock')).toHaveCount(operations.length);
  await expect(page.getByRole('heading', { name: /Inläsning av prislistor/ })).toBeVisible();
  const upload = page.getByRole('button', {
    name: /^POST\s*\/imports\/\{organizationId\}\s*Ladda upp en prislistefil$/,
  });
  await expect(upload).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoBestPracticeViolations(page);

  // An open operation: the multipart form, the Idempotency-Key, its answers with the error body.
  await upload.click();
  const opened = page.locator('.opblock.is-open');
  await expect(opened.locator('.opblock-section-request-body select')).toHaveValue('multipart/form-data');
  await expect(opened.locator('.opblock-section-request-body')).toContainText(
    'Vad filen är, som JSON (ett textfält eller en del med Content-Type application/json)',
  );
  await expect(opened.getByText('idempotency-key', { exact: true })).toBeVisible();
  await expect(opened.getByText('API-nyckel:')).toBeVisible();
  await expect(opened.locator('.response[data-code="413"]')).toContainText(
    'Filen är större än UPLOAD_MAX_BYTES',
  );
  await expectNoAxeViolations(page);
  await expectNoBestPracticeViolations(page);

  // The narrow screen of the accessibility review.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);

  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { currentPricelist, expect, loginAs, test } from './fixtures';

/** Every route the SPA draws itself, at the three widths of the accessibility review. */
const viewports = [
  { width: 375, height: 800 },
  { width: 768, height: 1000 },
  { width: 1280, height: 900 },
];
const publicRoutes = [
  '/login',
  '/login/recover',
  '/login/reset?email=lev.admin%40example.se&token=inte-en-riktig-nyckel',
  '/logout',
  '/welcome',
];
const supplierRoutes = [
  '/',
  '/start',
  '/import',
  '/import/legacy/legacy-0001',
  '/api-nycklar',
  '/webhooks',
  '/v1/search',
  '/finns-inte',
];

/** The price-list pages of the signed-in supplier: the general price list and its current list. */
async function pricelistRoutes(page: Page) {
  const current = await currentPricelist(page);
  return [current.generalPath, current.path];
}

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function audit(page: Page, name: string, totals: { pages: number; passes: number }) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  totals.pages++;
  totals.passes += results.passes.length;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  return results.violations.map(
    (v) => `${name} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`,
  );
}

const slug = (path: string) =>
  path
    .replace(/\?.*/, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '') || 'root';

// One test a width: each visits 20 page states (about a minute alone), under its own bound.
for (const viewport of viewports) {
  test(`every route at ${viewport.width} px passes axe (WCAG 2.1 AA and best practices)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const totals = { pages: 0, passes: 0 };
    const violations: string[] = [];
    await page.setViewportSize(viewport);
    await page.context().clearCookies();
    for (const path of publicRoutes) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      violations.push(...(await audit(page, `${viewport.width}-${slug(path)}`, totals)));
    }
    await loginAs(page, 'lev.admin');
    for (const path of [...supplierRoutes, ...(await pricelistRoutes(page))]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      violations.push(...(await audit(page, `${viewport.width}-lev-${slug(path)}`, totals)));
    }
    // The upload dialog and the cookie dialog, open.
    await page.goto('/import');
    await page.getByRole('button', { name: 'Läs in fil' }).click();
    await expect(page.getByRole('dialog', { name: 'Läs in fil' })).toBeVisible();
    violations.push(...(await audit(page, `${viewport.width}-dialog-upload`, totals)));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Hantering av kakor' }).click();
    await expect(page.getByRole('dialog', { name: 'Hantering av kakor' })).toBeVisible();
    violations.push(...(await audit(page, `${viewport.width}-dialog-cookies`, totals)));
    await page.keyboard.press('Escape');
    // A new API key's secret, shown once beside the list, and the dialog that revokes a key.
    await page.goto('/api-nycklar');
    await page.getByLabel('Namn (obligatoriskt)').fill(`Affärssystemet ${viewport.width}`);
    await page.getByRole('button', { name: 'Skapa nyckel' }).click();
    await expect(page.getByRole('region', { name: /är skapad/ })).toBeVisible();
    violations.push(...(await audit(page, `${viewport.width}-api-key-created`, totals)));
    await page.getByRole('button', { name: 'Återkalla' }).first().click();
    await expect(page.getByRole('alertdialog', { name: 'Vill du återkalla API-nyckeln?' })).toBeVisible();
    violations.push(...(await audit(page, `${viewport.width}-dialog-revoke-api-key`, totals)));
    await page.keyboard.press('Escape');

    await page.context().clearCookies();
    await loginAs(page, 'region.avtal');
    await page.goto('/import');
    await expect(page.getByText('Du har inte behörighet till den här sidan.')).toBeVisible();
    violations.push(...(await audit(page, `${viewport.width}-region-import`, totals)));
    console.log(
      `axe at ${viewport.width} px: ${totals.pages} pages, ${totals.passes} rule passes, ${violations.length} violations`,
    );
    expect(violations).toEqual([]);
  });
}

import { expect, expectNoAxeViolations, test } from './fixtures';

test('the login page renders in Swedish', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('deep links answer with the app', async ({ request }) => {
  for (const path of ['/import/42', '/login/reset?email=a%40b.se&token=x', '/v1/profile']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  }
});

import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Demo users' password (DESIGN.md §6). */
export const DEMO_PASSWORD = 'Demo-Losen-2026';

export const test = base.extend<{ resetData: undefined }>({
  // Every test starts from the demo data.
  resetData: [
    async ({ request }, use) => {
      const response = await request.get('/resources/v1/testability/reset');
      expect(response.status()).toBe(200);
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };

/** Fails the test with the list of violations when the page breaks WCAG 2.1 AA rules. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

import type { Locator, Page } from '@playwright/test';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus: the way a keyboard user gets there.
 * Fails, naming the target, when it is not reached in `maxPresses`.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { key = 'Tab', maxPresses = 80 }: { key?: 'Tab' | 'Shift+Tab'; maxPresses?: number } = {},
) {
  for (let i = 0; i < maxPresses; i++) {
    // An element that is not there yet (a dialog still opening) is simply not focused.
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
}

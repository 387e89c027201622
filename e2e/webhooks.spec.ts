import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhookReceiver';
import { chooseFromUserMenu, expect, expectNoAxeViolations, loginAs, test } from './fixtures';
import { tabTo } from './keyboard';

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

test.beforeEach(async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'lev.admin');
});

test('by keyboard: an endpoint added, its secret shown once, a test event received and verified, then off and removed', async ({
  page,
}) => {
  // From the user menu, by keyboard.
  await chooseFromUserMenu(page, 'Webhooks');
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page).toHaveTitle('Webhooks – Hjälpmedelsdatabasen');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeFocused();
  await expect(page.getByText('Organisationen har inga mottagare än.')).toBeVisible();
  await expectNoAxeViolations(page, { bestPractice: true });

  // An internal address is refused at the field, in Swedish; nothing is added.
  const url = page.getByLabel('Mottagarens adress (obligatoriskt)');
  await tabTo(page, url);
  await page.keyboard.type('https://10.0.0.1/hooks');
  await tabTo(page, page.getByRole('button', { name: 'Lägg till mottagare' }));
  await page.keyboard.press('Enter');
  await expect(url).toBeFocused();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription(
    /^Adressen pekar på 10\.0\.0\.1, som inte är en adress på internet\./,
  );

  // The receiver this test runs on loopback, for two of the events.
  await url.press('ControlOrMeta+a');
  await page.keyboard.type(receiver.url);
  for (const unwanted of ['import.failed', 'import.undone', 'import.deleted', 'pricelist.changed']) {
    const box = page.getByRole('checkbox', { name: unwanted });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).not.toBeChecked();
  }
  await tabTo(page, page.getByRole('button', { name: 'Lägg till mottagare' }));
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Mottagaren är tillagd' });
  await expect(panel).toBeFocused();
  const secret = await page.getByLabel('Signeringshemlighet').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await expectNoAxeViolations(page, { bestPractice: true });
  await tabTo(page, page.getByRole('button', { name: 'Jag har sparat hemligheten' }));
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Mottagare', exact: true })).toBeFocused();
  // Shown once: not after a reload.
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);
  const card = page.getByRole('region', { name: receiver.url, exact: true });
  await expect(
    card.getByText('Händelser: Validering klar (import.validated), Inläsning klar (import.applied)'),
  ).toBeVisible();
  // Who added it, by full name.
  await expect(card.getByText(/^Tillagd .* av Lena Lindqvist$/)).toBeVisible();

  // A test event, delivered to the receiver and signed so an independent implementation accepts it.
  await tabTo(page, card.getByRole('button', { name: 'Skicka testhändelse' }));
  await page.keyboard.press('Enter');
  await expect(card.getByRole('status')).toHaveText(
    'Testhändelsen är skickad. Leveransen visas i listan nedan.',
  );
  const arrived = await receiver.next(15_000);
  const event = new Webhook(secret).verify(arrived.body, arrived.headers as Record<string, string>);
  expect(event).toEqual(expect.objectContaining({ type: 'webhook.test' }));
  // The page looks again by itself while it is open: the delivery shows, delivered, without "Uppdatera".
  const deliveries = card.getByRole('table', { name: `Senaste leveranser: ${receiver.url}` });
  await expect(deliveries.getByRole('row').nth(1)).toContainText('Testhändelse (webhook.test)', {
    timeout: 15_000,
  });
  await expect(deliveries.getByRole('row').nth(1)).toContainText('Levererad', { timeout: 15_000 });
  await expect(deliveries.getByRole('row').nth(1)).toContainText('204');
  await expectNoAxeViolations(page, { bestPractice: true });
  // The narrow screen: the whole address wraps, nothing scrolls sideways but the table's own region.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(receiver.url);
  await expectNoAxeViolations(page, { bestPractice: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Off, and on again.
  await tabTo(page, card.getByRole('button', { name: 'Stäng av' }));
  await page.keyboard.press('Enter');
  await expect(card.getByRole('status')).toHaveText('Mottagaren är avstängd. Inga händelser skickas dit.');
  await expect(card.getByText('Avstängd', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Slå på' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByText('På', { exact: true })).toBeVisible();

  // Removed through the dialog: the safe choice has the focus; the notice takes it after.
  await tabTo(page, card.getByRole('button', { name: 'Ta bort' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Ta bort mottagaren?' });
  await expect(dialog.getByRole('button', { name: 'Nej' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Ja, ta bort' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `Mottagaren ${receiver.url} är borttagen.` }),
  ).toBeFocused();
  await expect(page.getByText('Organisationen har inga mottagare än.')).toBeVisible();
});

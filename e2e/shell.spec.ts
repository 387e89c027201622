import type { Page } from '@playwright/test';
import { type DashboardListPath, expectedDemoCounts } from '../server/src/demo/demoCounts';
import { expect, expectNoAxeViolations, loginAs, test } from './fixtures';

/** The organisation of the signed-in user's first engagement, and its general price list if any. */
async function ownOrganization(page: Page) {
  const profile = await (await page.request.get('/resources/v1/profile')).json();
  const organizationId: number = profile.userEngagements[0].organizationId;
  const response = await page.request.get(`/resources/v1/organizations/${organizationId}/generalpricelists`);
  const generalPricelistId: number | null = response.ok() ? (await response.json()).id : null;
  return { organizationId, generalPricelistId };
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Huvudmeny' });
const userMenuButton = (page: Page) => page.getByRole('button', { name: /Användarmeny/ });

/**
 * The start-page sentences, written out here on their own (not taken from the SPA), with the
 * numbers the server's demo data gives each user.
 */
const sentences: Partial<Record<DashboardListPath, [string, (n: number) => string]>> = {
  'agreements/getPricelistsFilteredBy/EMPTY_PRICELISTS': [
    'Du har 1 prislista utan rader.',
    (n) => `Du har ${n} prislistor utan rader.`,
  ],
  'agreements/getPricelistsFilteredBy/DECLINED': [
    '1 prislista har avböjda rader.',
    (n) => `${n} prislistor har avböjda rader.`,
  ],
  'agreements/getPricelistsFilteredBy/NEW_OR_CHANGED': [
    '1 prislista har nya eller ändrade avtalsrader.',
    (n) => `${n} prislistor har nya eller ändrade avtalsrader.`,
  ],
  'agreements/getPricelistsFilteredBy/PENDING_INACTIVATION': [
    '1 prislista väntar på inaktivering.',
    (n) => `${n} prislistor väntar på inaktivering.`,
  ],
  'agreements/getAgreementsToExtend': [
    'Du har 1 avtal att förlänga.',
    (n) => `Du har ${n} avtal att förlänga.`,
  ],
  'agreements/getAgreementsChangedByCustomer': [
    '1 avtal har ändrats av kunden.',
    (n) => `${n} avtal har ändrats av kunden.`,
  ],
  'agreements/getPricelistRowsApprovedByCustomer': [
    '1 prislisterad har godkänts av kunden.',
    (n) => `${n} prislisterader har godkänts av kunden.`,
  ],
  'agreements/getArticlesChanged': [
    '1 artikel har ändrats av leverantören.',
    (n) => `${n} artiklar har ändrats av leverantörerna.`,
  ],
  'assortments/getArticlesDiscontinued': [
    '1 artikel i ditt utbud har utgått.',
    (n) => `${n} artiklar i ditt utbud har utgått.`,
  ],
};
const pendingApprovalTask: [string, (n: number) => string] = [
  'Du har 1 prislista att godkänna.',
  (n) => `Du har ${n} prislistor att godkänna.`,
];
const pendingApprovalInformation: [string, (n: number) => string] = [
  '1 prislista väntar på kundens godkännande.',
  (n) => `${n} prislistor väntar på kundens godkännande.`,
];

/** The sentences for a user's lists, zero counts left out. */
function expectedSentences(
  username: string,
  paths: DashboardListPath[],
  pendingApproval = pendingApprovalTask,
) {
  return paths.flatMap((path) => {
    const count = expectedDemoCounts[username]?.[path];
    if (count === undefined) throw new Error(`no expected count of ${path} for ${username}`);
    const [one, many] =
      path === 'agreements/getPricelistsFilteredBy/PENDING_APPROVAL' ? pendingApproval : sentences[path]!;
    return count === 0 ? [] : [count === 1 ? one : many(count)];
  });
}

const supplierTasks: DashboardListPath[] = [
  'agreements/getPricelistsFilteredBy/EMPTY_PRICELISTS',
  'agreements/getPricelistsFilteredBy/DECLINED',
  'agreements/getPricelistsFilteredBy/NEW_OR_CHANGED',
];
const supplierInformation: DashboardListPath[] = [
  'agreements/getAgreementsChangedByCustomer',
  'agreements/getPricelistsFilteredBy/PENDING_APPROVAL',
  'agreements/getPricelistRowsApprovedByCustomer',
];
const customerTasks: DashboardListPath[] = [
  'agreements/getPricelistsFilteredBy/PENDING_APPROVAL',
  'agreements/getPricelistsFilteredBy/PENDING_INACTIVATION',
  'agreements/getAgreementsToExtend',
];

type GeneralPricelistStep = 'own' | 'create' | 'all' | null;

interface DemoUser {
  username: string;
  firstName: string;
  organizationName: string;
  fullName: string;
  menu: string[];
  generalPricelist: GeneralPricelistStep;
  userMenu: string[];
  tasks: string[];
  information: string[];
}

const supplierMenu = [
  'Sök',
  'Inläsningar',
  'Produkter & artiklar',
  'Generell prislista',
  'Inköpsavtal',
  'Organisation',
];
/** A supplier who may import may hold API keys too. */
const supplierUserMenu = [
  'Min profil',
  'Min organisation',
  'Exportfil',
  'API-nycklar',
  'Webhooks',
  'Hjälp',
  'Logga ut',
];
const plainUserMenu = ['Min profil', 'Min organisation', 'Hjälp', 'Logga ut'];
/** A region's user who reads every supplier's prices follows their changes: the page, API keys, webhooks. */
const regionAgreementUserMenu = [
  'Min profil',
  'Min organisation',
  'Exportfil',
  'Prisändringar',
  'API-nycklar',
  'Webhooks',
  'Hjälp',
  'Logga ut',
];
const regionAssortmentUserMenu = [
  'Min profil',
  'Min organisation',
  'Prisändringar',
  'API-nycklar',
  'Webhooks',
  'Hjälp',
  'Logga ut',
];

const demoUsers: DemoUser[] = [
  {
    username: 'lev.admin',
    firstName: 'Lena',
    fullName: 'Lena Lindqvist',
    organizationName: 'Hjälpmedel Demo AB',
    menu: supplierMenu,
    generalPricelist: 'own',
    userMenu: supplierUserMenu,
    tasks: expectedSentences('lev.admin', supplierTasks),
    information: expectedSentences('lev.admin', supplierInformation, pendingApprovalInformation),
  },
  {
    username: 'lev.ny',
    firstName: 'Nils',
    fullName: 'Nils Nyström',
    organizationName: 'Hjälpmedel Demo AB',
    menu: supplierMenu,
    generalPricelist: 'own',
    userMenu: supplierUserMenu,
    tasks: expectedSentences('lev.ny', supplierTasks),
    information: expectedSentences('lev.ny', supplierInformation, pendingApprovalInformation),
  },
  {
    username: 'lev2.admin',
    firstName: 'Anna',
    fullName: 'Anna Åberg',
    organizationName: 'Annan Leverantör AB',
    menu: supplierMenu,
    generalPricelist: 'create',
    userMenu: supplierUserMenu,
    tasks: expectedSentences('lev2.admin', supplierTasks),
    information: expectedSentences('lev2.admin', supplierInformation, pendingApprovalInformation),
  },
  {
    username: 'region.avtal',
    firstName: 'Rut',
    fullName: 'Rut Östlund',
    organizationName: 'Region Demo',
    menu: ['Sök', 'Generell prislista', 'Inköpsavtal', 'Organisation'],
    generalPricelist: 'all',
    userMenu: regionAgreementUserMenu,
    tasks: expectedSentences('region.avtal', customerTasks),
    information: expectedSentences('region.avtal', ['agreements/getArticlesChanged']),
  },
  {
    username: 'region.utbud',
    firstName: 'Ulf',
    fullName: 'Ulf Ängström',
    organizationName: 'Region Demo',
    menu: ['Sök', 'Generell prislista', 'Utbud', 'Organisation'],
    generalPricelist: 'all',
    userMenu: regionAssortmentUserMenu,
    tasks: [],
    information: expectedSentences('region.utbud', ['assortments/getArticlesDiscontinued']),
  },
  {
    username: 'region.tilldelat',
    firstName: 'Tove',
    fullName: 'Tove Törnqvist',
    organizationName: 'Region Demo',
    menu: ['Sök', 'Utbud', 'Organisation'],
    generalPricelist: null,
    userMenu: plainUserMenu,
    tasks: [],
    information: expectedSentences('region.tilldelat', ['assortments/getArticlesDiscontinued']),
  },
  {
    username: 'superadmin',
    firstName: 'Sara',
    fullName: 'Sara Sjöberg',
    organizationName: 'Hjälpmedel Demo AB',
    menu: ['Sök', 'Generell prislista', 'Utbud', 'Organisation', 'Administration', 'Kategorier'],
    generalPricelist: 'own',
    userMenu: [
      'Min profil',
      'Min organisation',
      'Exportinställningar',
      'Prisändringar',
      'API-nycklar',
      'Webhooks',
      'Hjälp',
      'Logga ut',
    ],
    tasks: [],
    information: [],
  },
];

test('the demo data gives the sentences above something to show', () => {
  // Guards the table: every user but superadmin and lev2.admin sees at least one count.
  for (const user of demoUsers.filter((u) => !['superadmin', 'lev2.admin'].includes(u.username)))
    expect(user.tasks.length + user.information.length, user.username).toBeGreaterThan(0);
});

for (const user of demoUsers) {
  test(`${user.username}: menu, greeting, counts and news on the start page`, async ({ page }) => {
    const dynamicTexts = new Set<string>();
    page.on('response', (response) => {
      const match = /\/resources\/v1\/dynamicText\/(\d)$/.exec(new URL(response.url()).pathname);
      if (match && response.ok()) dynamicTexts.add(match[1]!);
    });
    await loginAs(page, user.username);
    if (new URL(page.url()).pathname !== '/') await page.goto('/');

    await expect(page).toHaveTitle('Start – Hjälpmedelsdatabasen');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Välkommen ${user.firstName}`);

    // Main menu: exactly the items of the first engagement, in order, with their targets.
    const { organizationId, generalPricelistId } = await ownOrganization(page);
    const links = mainMenu(page).getByRole('link');
    await expect(links).toHaveText(user.menu);
    const generalPricelistTarget = {
      own: `/v1/organization/${organizationId}/generalpricelist/${generalPricelistId}`,
      create: `/v1/organization/${organizationId}/generalpricelist`,
      all: '/v1/generalpricelist',
    };
    if (user.generalPricelist === 'own') expect(generalPricelistId).not.toBeNull();
    if (user.generalPricelist === 'create') expect(generalPricelistId).toBeNull();
    const targets: Record<string, string> = {
      Sök: '/v1/search',
      Inläsningar: '/import',
      'Produkter & artiklar': `/v1/organization/${organizationId}/product`,
      Inköpsavtal: `/v1/organization/${organizationId}/agreement`,
      Utbud: `/v1/organization/${organizationId}/assortment`,
      Organisation: `/v1/organization/${organizationId}/handle`,
      Administration: '/v1/administration',
      Kategorier: '/v1/categoryadmin',
      ...(user.generalPricelist
        ? { 'Generell prislista': generalPricelistTarget[user.generalPricelist] }
        : {}),
    };
    for (const label of user.menu) {
      await expect(mainMenu(page).getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'href',
        targets[label]!,
      );
    }
    await expect(mainMenu(page).locator('[aria-current="page"]')).toHaveCount(0);

    // User menu: name, organisation and the entries the permissions allow.
    await expect(userMenuButton(page)).toContainText(user.fullName);
    await expect(userMenuButton(page)).toContainText(user.organizationName);
    await userMenuButton(page).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(user.userMenu);
    await page.keyboard.press('Escape');

    // Att hantera: the counts as sentences, or the empty texts.
    const tasks = page
      .locator('.start-count-list')
      .filter({ has: page.getByRole('heading', { name: 'Ärenden' }) });
    const information = page
      .locator('.start-count-list')
      .filter({ has: page.getByRole('heading', { name: 'Information' }) });
    if (user.tasks.length > 0) await expect(tasks.getByRole('listitem')).toHaveText(user.tasks);
    else await expect(tasks).toContainText('Du har inga ärenden att hantera.');
    if (user.information.length > 0)
      await expect(information.getByRole('listitem')).toHaveText(user.information);
    else await expect(information).toContainText('Du har ingen ny information.');
    await expect(page.getByRole('link', { name: 'HANTERA ÄRENDEN' })).toHaveAttribute(
      'href',
      '/v1/dashboard',
    );

    // Nyheter: dynamic text 1; texts 2 and 3 are fetched but not shown.
    const news = page.getByRole('region', { name: 'Nyheter' });
    await expect(news.getByRole('heading', { name: 'Ny version av Hjälpmedelsdatabasen' })).toBeVisible();
    // Written for suppliers by role, so it sends nobody to a menu entry they do not have.
    await expect(news).toContainText('Leverantörer kan nu läsa in sin generella prislista som Excel-fil');
    await expect(news).not.toContainText(/\bdu\b|\bdin\b/i);
    await expect.poll(() => [...dynamicTexts].sort()).toEqual(['1', '2', '3']);
    await expect(page.getByText('Välkommen till Hjälpmedelsdatabasen.')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Du är här' })).toHaveCount(0);
  });
}

test('the start page answers at /start too, and passes axe', async ({ page }) => {
  await loginAs(page, 'lev.admin');
  await page.goto('/start');
  await expect(page.getByRole('heading', { name: 'Välkommen Lena' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Att hantera' })).toContainText('prislistor utan rader');
  await expect(page.getByRole('region', { name: 'Nyheter' })).toContainText('Ny version');
  for (const landmark of ['banner', 'main', 'contentinfo'] as const)
    await expect(page.getByRole(landmark)).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('the user menu works by mouse, by keyboard and closes on a click outside', async ({ page }) => {
  await loginAs(page, 'lev.admin');
  const button = userMenuButton(page);
  const menu = page.getByRole('menu');

  // Mouse: open, then a click outside closes it.
  await button.click();
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // A real click on the page outside the menu (the popover's underlay takes it, as a user's would).
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  await page.mouse.click(heading!.x + 5, heading!.y + 5);
  await expect(menu).toBeHidden();

  // Keyboard: Enter opens with focus on the first entry, arrows move, Escape closes and returns focus.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Min profil' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Min organisation' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Min profil' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // Keyboard: Enter on an entry follows it inside the app.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/v1\/organization$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Min organisation');

  // Mouse: the other entries.
  await button.click();
  await menu.getByRole('menuitem', { name: 'Exportfil' }).click();
  const { organizationId } = await ownOrganization(page);
  await expect(page).toHaveURL(new RegExp(`/v1/organization/${organizationId}/exportfile$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exportfil');
  await button.click();
  await expect(menu.getByRole('menuitem', { name: 'Hjälp' })).toHaveAttribute(
    'href',
    'https://www.inera.se/tjanster/hjalpmedelstjansten/manual',
  );
  await menu.getByRole('menuitem', { name: 'Min profil' }).click();
  await expect(page).toHaveURL(/\/v1\/profile$/);

  // Logga ut ends the session and shows /logout.
  await button.click();
  await menu.getByRole('menuitem', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('heading', { name: 'Du är utloggad' })).toBeVisible();
  expect((await page.request.get('/resources/v1/profile')).status()).toBe(401);
});

test('below the md breakpoint the main menu collapses behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 500, height: 900 });
  await loginAs(page, 'lev.admin');
  const toggle = mainMenu(page).getByRole('button', { name: 'Meny', exact: true });
  const search = mainMenu(page).getByRole('link', { name: 'Sök' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(search).toBeHidden();
  // The button's text must stand out from its own background (axe passes a white-on-white button).
  const [color, background] = await toggle.evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.color, style.backgroundColor];
  });
  expect(color).not.toBe(background === 'rgba(0, 0, 0, 0)' ? 'rgb(0, 58, 80)' : background);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(mainMenu(page).getByRole('link')).toHaveText(supplierMenu);
  await expect(search).toBeVisible();
  await expectNoAxeViolations(page);

  // By keyboard to an item: the page opens and the menu folds again.
  await search.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/v1\/search$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sök');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(search).toBeHidden();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(500);

  // From md up the items are shown and the button is not.
  await page.setViewportSize({ width: 640, height: 900 });
  await expect(toggle).toBeHidden();
  await expect(search).toBeVisible();
  await expect(search).toHaveAttribute('aria-current', 'page');
});

test('a /v1 page names its area inside the shell, highlights its menu item and passes axe', async ({
  page,
}) => {
  await loginAs(page, 'lev.admin');
  const { organizationId } = await ownOrganization(page);
  await mainMenu(page).getByRole('link', { name: 'Inköpsavtal' }).click();
  await expect(page).toHaveURL(new RegExp(`/v1/organization/${organizationId}/agreement$`));
  await expect(page).toHaveTitle('Inköpsavtal – Hjälpmedelsdatabasen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inköpsavtal');
  await expect(page.getByRole('main')).toContainText('hör till den separata applikationen');
  await expect(mainMenu(page).getByRole('link', { name: 'Inköpsavtal' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(mainMenu(page).locator('[aria-current="page"]')).toHaveCount(1);
  await expectNoAxeViolations(page);

  for (const [path, area] of [
    ['/v1/dashboard', 'Ärenden'],
    [`/v1/organization/${organizationId}/generalpricelist/empty`, 'Generell prislista'],
    ['/v1/categoryadmin', 'Kategorier'],
    ['/v1/något/okänt', 'Den separata applikationen'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(area);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  }
});

test('the breadcrumb shows Start › Inläsningar › Sammanfattning on nested import pages', async ({ page }) => {
  await loginAs(page, 'lev.admin');
  const breadcrumb = page.getByRole('navigation', { name: 'Du är här' });

  await page.goto('/import');
  await expect(breadcrumb.getByRole('listitem')).toHaveText(['Start', 'Inläsningar']);
  await expect(breadcrumb.getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/');
  await expect(mainMenu(page).getByRole('link', { name: 'Inläsningar' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  for (const path of ['/import/12', '/import/legacy/legacy-0001']) {
    await page.goto(path);
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Start', 'Inläsningar', 'Sammanfattning']);
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Sammanfattning');
  }
  await breadcrumb.getByRole('link', { name: 'Inläsningar' }).click();
  await expect(page).toHaveURL(/\/import$/);
  await breadcrumb.getByRole('link', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: 'Välkommen Lena' })).toBeVisible();
  await expect(breadcrumb).toHaveCount(0);
});

test('footer: external links and the API reference in two columns, personal data, and the cookie dialog traps and returns focus', async ({
  page,
}) => {
  await loginAs(page, 'region.avtal');
  const footer = page.getByRole('contentinfo');
  const columns = footer.locator('.site-footer-column');
  await expect(columns).toHaveCount(2);
  await expect(columns.getByRole('link')).toHaveText([
    'Öppen information',
    'Hjälpmedelstjänsten på inera.se',
    'Tillgänglighetsredogörelse',
    'Ladda ner manual',
    'Byt roller',
    'Support',
    'API-dokumentation',
  ]);
  for (const link of await columns.getByRole('link').all()) {
    const name = await link.textContent();
    // The API reference is this server's own page (e2e/apiDocs.spec.ts); the rest are external.
    await expect(link).toHaveAttribute(
      'href',
      name === 'API-dokumentation' ? '/api-dokumentation' : /^https:\/\//,
    );
  }
  await expect(footer.getByRole('link', { name: 'Behandling av personuppgifter' })).toHaveAttribute(
    'href',
    /^https:\/\//,
  );

  const opener = footer.getByRole('button', { name: 'Hantering av kakor' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Hantering av kakor' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('sessionskakor');
  await expectNoAxeViolations(page);

  // Tab and Shift+Tab never leave the dialog.
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stäng' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('on the login page the cookie dialog loads only when asked for, and opens by keyboard', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByLabel('Användarnamn (obligatoriskt)')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => script.includes('CookieDialog'))).toEqual([]);

  const opener = page.getByRole('button', { name: 'Hantering av kakor' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Hantering av kakor' });
  await expect(dialog).toBeVisible();
  expect(scripts.some((script) => script.includes('CookieDialog'))).toBe(true);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the skip link leads past the header to the page content', async ({ page }) => {
  await loginAs(page, 'lev.admin');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Välkommen Lena' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Hoppa till huvudinnehållet' });
  await expect(skipLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

import { describe, expect, it } from 'vitest';
import { loginAs } from '../../../test-support/login';
import { testDatabaseKinds } from '../../../test-support/testApp';
import { useTestApp } from '../../../test-support/useTestApp';

/**
 * The pages for integrators (docs/decisions/0044-pages-for-integrators.md) through the real app:
 * the reference's commands with the service's address and a signed-in reader's own ids, the copy
 * buttons' script under the unchanged CSP, and the guide as a page.
 */

const DAY = 86_400_000;

/** The text of the page's command blocks, unescaped, in order. */
const commandsOf = (page: string) =>
  [...page.matchAll(/<pre class="example command"><code>([\s\S]*?)<\/code><\/pre>/g)].map((match) =>
    match[1]!
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );

/** The upload's command in its call's section (the quick start's names $ORG). */
const uploadCommand = (page: string) =>
  commandsOf(page).find((command) => /^curl -sS -X POST "\$API\/imports\/\d+" /.test(command))!;

describe.each(testDatabaseKinds)('the reference page for its reader (%s)', (kind) => {
  const testApp = useTestApp(kind);

  it('names the configured address and, for anyone not signed in, the examples’ ids', async () => {
    const response = await testApp.app.inject({ url: '/api-dokumentation' });
    expect(response.statusCode).toBe(200);
    // Written for one reader: kept by no shared cache.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const commands = commandsOf(response.body);
    expect(commands[0]).toContain('export HMDB_URL=http://localhost:8080\n');
    expect(commands[1]).toContain('\nPRICELIST=2');
    expect(uploadCommand(response.body)).toContain(
      `"$API/imports/1" \\\n  -H "$AUTH" \\\n  -H "Idempotency-Key: $(newkey)"`,
    );
    expect(uploadCommand(response.body)).toContain(
      `--form-string 'request={"type":"GENERAL_PRICELIST","metadata":{"parent":1,"id":2}}'`,
    );
    expect(response.body).toContain('När du är inloggad som leverantör fylls de också i');
  });

  it('fills in a signed-in supplier’s organisation, general price list and current price list', async () => {
    const organization = await testApp.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Hjälpmedel Demo AB')
      .executeTakeFirstOrThrow();
    const general = await testApp.db
      .selectFrom('general_pricelists')
      .select('id')
      .where('organization_id', '=', organization.id)
      .executeTakeFirstOrThrow();
    const future = await testApp.db
      .selectFrom('pricelists')
      .select('id')
      .where('general_pricelist_id', '=', general.id)
      .where('number', '=', '3')
      .executeTakeFirstOrThrow();
    // Two months on, the future list (3) is the current one: its id, not the example's 2.
    testApp.clock.advance(61 * DAY);
    try {
      const cookie = await loginAs(testApp, 'lev.admin');
      const page = (await testApp.app.inject({ url: '/api-dokumentation', headers: { cookie } })).body;
      const commands = commandsOf(page);
      expect(commands[1]).toContain(`\nPRICELIST=${future.id}`);
      expect(future.id).not.toBe(2);
      expect(uploadCommand(page)).toContain(`"$API/imports/${organization.id}"`);
      expect(uploadCommand(page)).toContain(`"metadata":{"parent":${general.id},"id":${future.id}}`);
      expect(page).toContain(
        `och med dina egna id:n: organisation ${organization.id}, generell prislista ${general.id}, aktuell prislista ${future.id}.`,
      );
      const rows = commands.find((command) => command.includes('/rows'))!;
      expect(rows).toContain(`"$API/pricelists/${organization.id}/${general.id}/${future.id}/rows`);
    } finally {
      testApp.clock.advance(-61 * DAY);
    }
  });

  it('keeps the examples’ ids where the reader has none of their own, and for an ended session', async () => {
    const cookie = await loginAs(testApp, 'lev2.admin');
    const other = await testApp.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Annan Leverantör AB')
      .executeTakeFirstOrThrow();
    const page = (await testApp.app.inject({ url: '/api-dokumentation', headers: { cookie } })).body;
    expect(uploadCommand(page)).toContain(`"$API/imports/${other.id}"`);
    // No general price list: the examples' 1 and 2.
    expect(uploadCommand(page)).toContain('"metadata":{"parent":1,"id":2}');
    expect(commandsOf(page)[1]).toContain('\nPRICELIST=2');
    expect(page).toContain(`och med dina egna id:n: organisation ${other.id}.`);

    // The session's idle time has run out: nothing of it shows.
    testApp.clock.advance(31 * 60_000);
    try {
      const later = (await testApp.app.inject({ url: '/api-dokumentation', headers: { cookie } })).body;
      expect(uploadCommand(later)).toContain('"$API/imports/1"');
      expect(later).not.toContain('dina egna id:n');
    } finally {
      testApp.clock.advance(-31 * 60_000);
    }
  });
});

describe('the reference page without PUBLIC_URL', () => {
  const testApp = useTestApp('pglite', { seed: false, env: { PUBLIC_URL: '' } });

  it('names the request’s own origin, and the configured default for a Host that is not a host name', async () => {
    const page = async (host: string) =>
      (await testApp.app.inject({ url: '/api-dokumentation', headers: { host } })).body;
    expect(commandsOf(await page('hjalpmedel.region.se:8443'))[0]).toContain(
      'export HMDB_URL=http://hjalpmedel.region.se:8443\n',
    );
    expect(commandsOf(await page('[::1]:8080'))[0]).toContain('export HMDB_URL=http://[::1]:8080\n');
    for (const host of ['evil.se"><script>alert(1)</script>', 'a b', 'x.se/väg', 'x.se@y.se']) {
      const body = await page(host);
      expect(body, host).not.toContain('<script>alert');
      expect(commandsOf(body)[0], host).toContain(`export HMDB_URL=${testApp.config.publicUrl}\n`);
    }
  });

  it('serves the guide with the same address', async () => {
    const response = await testApp.app.inject({
      url: '/api-dokumentation/guide',
      headers: { host: 'hjalpmedel.region.se' },
    });
    expect(response.body).toContain('export HMDB_URL=http://hjalpmedel.region.se\n');
    expect(response.body).not.toContain('hjalpmedel.example.se');
  });
});

describe('the copy buttons and the guide', () => {
  const testApp = useTestApp('pglite', { seed: false });

  it('loads the copy buttons from a file of the site’s own, under the unchanged CSP', async () => {
    const response = await testApp.app.inject({ url: '/api-dokumentation' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.map((script) => script[1])).toEqual([' src="/api-dokumentation/kopiera.js" defer']);
    expect(scripts[0]![2]).toBe('');
    const script = await testApp.app.inject({ url: '/api-dokumentation/kopiera.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain("'Kopiera kommandot'");
    expect(script.body).toContain("'Kopierat'");
    // Every command is a block the script finds.
    expect(commandsOf(response.body).length).toBeGreaterThan(50);
  });

  it('serves docs/api-guide.md as a page, linked from the reference, with nothing of it as markup', async () => {
    const reference = (await testApp.app.inject({ url: '/api-dokumentation' })).body;
    expect(reference).toContain('<a href="/api-dokumentation/guide">guiden till skriptad inläsning</a>');
    expect(reference).not.toContain('docs/api-guide.md');
    const response = await testApp.app.inject({ url: '/api-dokumentation/guide' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = response.body;
    expect(page).toContain('<html lang="sv">');
    expect(page).toContain('<title>Guide till skriptad inläsning – Hjälpmedelsdatabasen</title>');
    expect(page).toContain('<article class="guide" lang="en">');
    expect(page).toContain(
      '<h1 id="reading-in-a-price-list-from-a-script">Reading in a price list from a script</h1>',
    );
    expect(page).toContain('<h2 id="quick-start">Quick start</h2>');
    expect(page).toContain('<table>');
    // The guide's "<risk.id>" is text, not an element.
    expect(page).toContain('&lt;risk.id&gt;');
    expect(page).not.toMatch(/<risk\.id>/);
    // Its shell blocks are commands to copy; the quick start's are the reference's.
    const commands = commandsOf(page);
    expect(commands.some((command) => command.includes('newkey() {'))).toBe(true);
    expect(commands.join('\n')).not.toContain('uuidgen');
    for (const [, url] of page.matchAll(/(?:href|src)="([^"]*)"/g))
      expect(url, url).toMatch(/^(\/|#|data:,$)/);
  });
});

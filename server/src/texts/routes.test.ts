import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  sessionCookieFor,
  type TestApp,
  testDatabaseKinds,
} from '../../../test-support/testApp';

describe.each(testDatabaseKinds)('dynamic texts on %s', (kind) => {
  let testApp: TestApp;
  let cookie: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    cookie = await sessionCookieFor(testApp, 'region.tilldelat');
  });
  afterAll(() => testApp?.close());

  const get = (path: string, headers: Record<string, string> = { cookie }) =>
    testApp.app.inject({ method: 'GET', url: `/resources/v1/${path}`, headers });

  it('answers the news, welcome and links texts as HTML to any signed-in user', async () => {
    const news = await get('dynamicText/1');
    expect(news.statusCode).toBe(200);
    expect(news.json().dynamicText).toContain('<h3>Ny version av Hjälpmedelsdatabasen</h3>');
    expect((await get('dynamicText/2')).json()).toEqual({
      dynamicText: '<p>Välkommen till Hjälpmedelsdatabasen.</p>',
    });
    expect((await get('dynamicText/3')).json().dynamicText).toContain('<a href="https://www.inera.se/">');
  });

  it('answers what the text holds now', async () => {
    await testApp.db
      .updateTable('dynamic_texts')
      .set({ html: '<p>Driftstörning i dag.</p>' })
      .where('id', '=', 2)
      .execute();
    expect((await get('dynamicText/2')).json()).toEqual({ dynamicText: '<p>Driftstörning i dag.</p>' });
  });

  it('answers 404 for a text that does not exist', async () => {
    for (const id of ['4', '0', 'abc', '1.5', '99999999999']) {
      const response = await get(`dynamicText/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 401 without a session', async () => {
    const response = await get('dynamicText/1', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Du är inte inloggad.' } });
  });
});

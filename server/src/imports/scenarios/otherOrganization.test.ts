import { describe, expect, it } from 'vitest';
import { api, editedPricelistFile, validatedImport } from '../../../../test-support/importFlow';
import { multipart } from '../../../../test-support/pricelistFiles';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';

/** A body each route takes as valid, so that only the import decides the answer. */
const bodies: Record<string, object | undefined> = {
  'POST /imports/{organizationId}/{importId}/corrections': { basedOn: 0, corrections: [], leaveOut: [] },
  'PUT /imports/{organizationId}/{importId}/corrections/draft': { corrections: [], leaveOut: [] },
  'POST /imports/{organizationId}/{importId}/column-mapping': {
    columnMapping: {
      sheet: 'Prislista',
      columns: {
        Artikelnummer: 'Artikelnummer',
        Pris: 'Pris',
        'Minsta beställningsantal': 'Minsta beställningsantal',
      },
    },
  },
};
const queries: Record<string, string> = {
  'GET /imports/{organizationId}/{importId}/changes': '?kind=added',
  'GET /imports/{organizationId}/{importId}/errors': '?column=Pris&rule=NOT_A_NUMBER',
};

/**
 * Every route under imports/{organizationId}/{importId}/… (as the OpenAPI document lists them,
 * which openapi.test.ts holds to the routes registered) answers 404 "Hittades inte." for another
 * organisation's import under the caller's own organisation, whatever that import's state: one
 * whose file is gone after the retention time (never 410), one that could be corrected (never 400
 * or 409), and nothing about it changes.
 */
describe.each(testDatabaseKinds)("another organisation's import, on every route (%s)", (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  /** A validation with an error, then moved to the other organisation; `ended` also past retention. */
  async function othersImport(ended: boolean): Promise<number> {
    let n = 0;
    const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
      ++n === 1 ? { ...row, price: 'gratis' } : row,
    );
    const { id, status } = await validatedImport(testApp, supplier, content);
    expect(status).toBe('VALIDATION_FAIL');
    await testApp.db
      .updateTable('imports')
      .set({
        organization_id: supplier.otherOrganizationId,
        ...(ended && { status: 'IMPORT_FAIL', updated_at: new Date('2020-01-01T00:00:00Z') }),
      })
      .where('id', '=', id)
      .execute();
    if (ended)
      await testApp.db
        .updateTable('import_files')
        .set({ content: null, stored_file: null, bytes_deleted_at: new Date('2020-04-01T00:00:00Z') })
        .where('import_id', '=', id)
        .execute();
    return id;
  }

  const routesOfAnImport = async (): Promise<string[]> => {
    const document = (await testApp.app.inject({ method: 'GET', url: `${api}/openapi.json` })).json();
    const routes: string[] = [];
    for (const [path, operations] of Object.entries(document.paths as Record<string, object>))
      if (path.startsWith('/imports/{organizationId}/{importId}'))
        for (const method of Object.keys(operations)) routes.push(`${method.toUpperCase()} ${path}`);
    return routes;
  };

  it.each([
    ['whose file is gone after the retention time', true],
    ['that could be corrected', false],
  ])('answers 404 for one %s, and changes nothing', async (_, ended) => {
    const id = await othersImport(ended);
    const before = await testApp.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const routes = await routesOfAnImport();
    // The routes of decisions 0033, 0034 and 0043 are among them.
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /imports/{organizationId}/{importId}/corrections',
        'PUT /imports/{organizationId}/{importId}/corrections/draft',
        'GET /imports/{organizationId}/{importId}/corrected-file',
        'POST /imports/{organizationId}/{importId}/column-mapping',
        'GET /imports/{organizationId}/{importId}/validation-errors/excel',
      ]),
    );
    const answers: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const url = `${api}${path.replace('{organizationId}', String(supplier.organizationId)).replace('{importId}', String(id))}${queries[route] ?? ''}`;
      const file =
        method === 'POST' && path === '/imports/{organizationId}/{importId}'
          ? multipart({
              fileName: 'prislista.xlsx',
              content: await editedPricelistFile(testApp, supplier.pricelists.current),
            })
          : undefined;
      const response = await testApp.app.inject({
        method,
        url,
        headers: { cookie: supplier.cookie, ...file?.headers },
        ...(file ? { payload: file.payload } : bodies[route] && { payload: bodies[route] }),
      });
      answers.push(`${route} ${response.statusCode} ${response.json().error?.message}`);
    }
    expect(answers).toEqual(routes.map((route) => `${route} 404 Hittades inte.`));
    const after = await testApp.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

import { describe, expect, it } from 'vitest';
import type { CorrectionDraftResponse, ImportCorrectionsResponse, ImportSummary } from '#contract';
import {
  api,
  editedPricelistFile,
  request,
  runAllJobs,
  validatedImport,
} from '../../../../test-support/importFlow';
import { loginAs } from '../../../../test-support/login';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';

const QUANTITY = 'Minsta beställningsantal';

/**
 * "Sätt alla till …" and "Ta bort alla rader med det här felet" (setAll, leaveOutAll) over every
 * error of a rule, also beyond the summary's first 100; and the draft of a round being typed, kept
 * per import and user (decision 0043).
 */
describe.each(testDatabaseKinds)('corrections in bulk, and drafts (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);
  const imports = () => `imports/${supplier.organizationId}`;
  const get = (url: string, cookie = supplier.cookie) => request(testApp, 'GET', url, cookie);
  const summaryOf = async (id: number): Promise<ImportSummary> =>
    (await get(`${imports()}/${id}/summary`)).json().result;
  const correctionsOf = async (id: number): Promise<ImportCorrectionsResponse> =>
    (await get(`${imports()}/${id}/corrections`)).json();
  const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie = supplier.cookie) =>
    testApp.app.inject({ method, url: `${api}/${imports()}/${url}`, headers: { cookie }, payload });
  const draftOf = async (id: number, cookie = supplier.cookie): Promise<CorrectionDraftResponse> => {
    const response = await get(`${imports()}/${id}/corrections/draft`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /** 150 quantities of 0 (beyond the summary's first 100 errors) and two unknown articles at the end. */
  const manyErrors = async () => {
    let n = 0;
    const content = await editedPricelistFile(
      testApp,
      supplier.pricelists.current,
      (row) => (++n <= 150 ? { ...row, minimumOrderQuantity: 0 } : row),
      [
        { articleNumber: 'OKÄND-1', price: 10, minimumOrderQuantity: 1 },
        { articleNumber: 'OKÄND-2', price: 10, minimumOrderQuantity: 0 },
      ],
    );
    const validated = await validatedImport(testApp, supplier, content, supplier.pricelists.current);
    expect(validated.status).toBe('VALIDATION_FAIL');
    const summary = await summaryOf(validated.id);
    if (summary.type !== 'VALIDATION_ERRORS') throw new Error(`expected errors, got ${summary.type}`);
    expect(summary.errorCount).toBe(153);
    expect(summary.errors).toHaveLength(100);
    return { id: validated.id, summary };
  };

  it('sets every error of a rule to one value and removes every row of another, beyond the first page', async () => {
    const { id, summary } = await manyErrors();
    const first = summary.errors.find((error) => error.column === QUANTITY)!;
    const response = await send('POST', `${id}/corrections`, {
      basedOn: 0,
      // Typed on its own, this cell keeps its own value.
      corrections: [{ row: first.row, column: QUANTITY, value: '5' }],
      leaveOut: [],
      setAll: [{ column: QUANTITY, rule: 'LESS_THAN_ONE', value: '1' }],
      leaveOutAll: [{ column: 'Artikelnummer', rule: 'UNKNOWN_ARTICLE' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    // Bounded: the import, however many errors the round corrected.
    expect(Object.keys(response.json())).toEqual(['importObject']);
    await runAllJobs(testApp);

    expect(await summaryOf(id)).toMatchObject({ type: 'CONFIRM', added: 0, removed: 0 });
    const kept = await correctionsOf(id);
    // 150 cells of the list; OKÄND-2's quantity is not set, its row is removed.
    expect(kept.corrections).toHaveLength(150);
    expect(kept.corrections.filter((cell) => cell.newValue === '1')).toHaveLength(149);
    expect(kept.corrections.find((cell) => cell.row === first.row)).toMatchObject({
      oldValue: '0',
      newValue: '5',
    });
    expect(kept.leftOut.map(({ row }) => row)).toEqual([402, 403]);
  });

  it('refuses a bulk action for a rule without errors (400) and saves nothing', async () => {
    const { id } = await manyErrors();
    const response = await send('POST', `${id}/corrections`, {
      basedOn: 0,
      corrections: [],
      leaveOut: [],
      setAll: [{ column: 'Pris', rule: 'NOT_A_NUMBER', value: '1' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Kolumnen Pris har inga fel av typen NOT_A_NUMBER att rätta.');
    const tooMany = await send('POST', `${id}/corrections`, {
      basedOn: 0,
      corrections: [],
      leaveOut: [],
      leaveOutAll: Array.from({ length: 51 }, () => ({ column: QUANTITY, rule: 'LESS_THAN_ONE' })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await correctionsOf(id)).version).toBe(0);
  });

  it('keeps a draft per import and user across sign-ins, prunes what has no error, and drops it with the round', async () => {
    const { id, summary } = await manyErrors();
    const first = summary.errors.find((error) => error.column === QUANTITY)!;
    expect(await draftOf(id)).toEqual({ draft: null, dropped: 0 });

    const draft = {
      corrections: [
        { row: first.row, column: QUANTITY, value: 'ett' },
        // No error in this cell: kept as typed, left aside when read.
        { row: first.row, column: 'Pris', value: '3' },
      ],
      leaveOut: [402],
      setAll: [{ column: QUANTITY, rule: 'LESS_THAN_ONE', value: '2' }],
    };
    const saved = await send('PUT', `${id}/corrections/draft`, draft);
    expect(saved.statusCode, saved.body).toBe(204);

    // Another sign-in of the same user finds it; another user of the organisation has none.
    const again = await draftOf(id, await loginAs(testApp, 'lev.admin'));
    expect(again).toEqual({
      draft: {
        corrections: [{ row: first.row, column: QUANTITY, value: 'ett' }],
        leaveOut: [402],
        setAll: [{ column: QUANTITY, rule: 'LESS_THAN_ONE', value: '2' }],
        leaveOutAll: [],
        savedAt: expect.any(String),
      },
      dropped: 1,
    });
    expect(await draftOf(id, await loginAs(testApp, 'lev.ny'))).toEqual({ draft: null, dropped: 0 });

    // A body beyond the limits is refused; an empty draft is none.
    const tooLong = await send('PUT', `${id}/corrections/draft`, {
      ...draft,
      corrections: [{ row: 2, column: QUANTITY, value: 'x'.repeat(1001) }],
    });
    expect(tooLong.statusCode).toBe(400);

    // "Validera igen" saves the round and ends the draft; the import then is not correctable.
    const round = await send('POST', `${id}/corrections`, {
      basedOn: 0,
      corrections: [],
      leaveOut: [402],
      setAll: [{ column: QUANTITY, rule: 'LESS_THAN_ONE', value: '2' }],
    });
    expect(round.statusCode, round.body).toBe(200);
    const row = await testApp.db
      .selectFrom('import_correction_drafts')
      .select('user_id')
      .where('import_id', '=', id)
      .execute();
    expect(row).toEqual([]);
    const pending = await send('PUT', `${id}/corrections/draft`, draft);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.message).toBe('Bara en fil med valideringsfel kan rättas här.');
    await runAllJobs(testApp);
  });

  it('an empty draft deletes it, and a new file drops every draft of the import', async () => {
    const { id, summary } = await manyErrors();
    const first = summary.errors[0]!;
    const cell = { row: first.row, column: first.column, value: '3' };
    expect(
      (await send('PUT', `${id}/corrections/draft`, { corrections: [cell], leaveOut: [] })).statusCode,
    ).toBe(204);
    expect((await draftOf(id)).draft?.corrections).toEqual([cell]);
    const empty = await send('PUT', `${id}/corrections/draft`, { corrections: [], leaveOut: [] });
    expect(empty.statusCode).toBe(204);
    expect(await draftOf(id)).toEqual({ draft: null, dropped: 0 });

    await send('PUT', `${id}/corrections/draft`, { corrections: [cell], leaveOut: [] });
    const other = await send(
      'PUT',
      `${id}/corrections/draft`,
      { corrections: [cell], leaveOut: [] },
      await loginAs(testApp, 'lev.ny'),
    );
    expect(other.statusCode).toBe(204);
    const { dropCorrections } = await import('../store/corrections');
    await testApp.db.transaction().execute((trx) => dropCorrections(trx, id));
    const left = await testApp.db
      .selectFrom('import_correction_drafts')
      .select('user_id')
      .where('import_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});

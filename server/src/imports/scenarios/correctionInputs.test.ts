import { describe, expect, it } from 'vitest';
import type { ImportCorrectionsResponse, ImportSummary } from '#contract';
import { api, editedPricelistFile, request, validatedImport } from '../../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';

const PRICE = 'Pris';
const CANNOT_BE_STORED = 'Texten innehåller ett tecken som inte kan sparas';

/**
 * What a round of corrections, or a draft of one, may not hold (contract/correctionChecks.ts): the
 * same cell, row or bulk action twice, and a character that cannot be stored (PostgreSQL cannot
 * keep U+0000 or half a surrogate pair, XML 1.0 cannot hold a control). Each is 400 with a Swedish
 * sentence, never 500, and nothing is saved.
 */
describe.each(testDatabaseKinds)('refused corrections (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);
  const imports = () => `imports/${supplier.organizationId}`;
  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    testApp.app.inject({
      method,
      url: `${api}/${imports()}/${url}`,
      headers: { cookie: supplier.cookie },
      payload,
    });

  it('answers 400 with a Swedish sentence for each, in a round and in a draft, and saves nothing', async () => {
    let n = 0;
    const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
      ++n === 2 ? { ...row, price: 'gratis' } : row,
    );
    const { id } = await validatedImport(testApp, supplier, content);
    const summary: ImportSummary = (
      await request(testApp, 'GET', `${imports()}/${id}/summary`, supplier.cookie)
    ).json().result;
    if (summary.type !== 'VALIDATION_ERRORS') throw new Error(`expected errors, got ${summary.type}`);
    const { row, rule } = summary.errors[0]!;
    const cell = (value: string, column = PRICE) => ({ row, column, value });
    const round = (fields: object) => ({ corrections: [], leaveOut: [], ...fields });

    const refusals: [object, string][] = [
      [
        round({ corrections: [cell('1'), cell('2')] }),
        `Rad ${row}, Pris har två rättelser i samma omgång. Ange varje cell en gång.`,
      ],
      [
        round({ leaveOut: [row, row] }),
        `Rad ${row} tas bort två gånger i samma omgång. Ange varje rad en gång.`,
      ],
      [
        round({ corrections: [cell('12\u00003')] }),
        `Rad ${row}, Pris: ${CANNOT_BE_STORED} (U+0000, ett styrtecken) på plats 3.`,
      ],
      [
        round({ corrections: [cell('1\ud800')] }),
        `Rad ${row}, Pris: ${CANNOT_BE_STORED} (U+D800, en halv teckenkod) på plats 2.`,
      ],
      [
        round({ corrections: [cell('\u0001')] }),
        `Rad ${row}, Pris: ${CANNOT_BE_STORED} (U+0001, ett styrtecken) på plats 1.`,
      ],
      [
        round({ corrections: [cell('\uffff')] }),
        `Rad ${row}, Pris: ${CANNOT_BE_STORED} (U+FFFF, som inte är ett tecken) på plats 1.`,
      ],
      [
        round({ corrections: [cell('1', 'Pris\u0000')] }),
        `Kolumnens namn: ${CANNOT_BE_STORED} (U+0000, ett styrtecken) på plats 5.`,
      ],
      [
        round({ setAll: [{ column: PRICE, rule, value: 'a\u0000' }] }),
        `”Sätt alla till” för Pris (${rule}): ${CANNOT_BE_STORED} (U+0000, ett styrtecken) på plats 2.`,
      ],
      [
        round({
          setAll: [
            { column: PRICE, rule, value: '1' },
            { column: PRICE, rule, value: '2' },
          ],
        }),
        `”Sätt alla till” för Pris (${rule}) finns två gånger i samma omgång. Ange varje kolumn och feltyp en gång.`,
      ],
      [
        round({
          leaveOutAll: [
            { column: PRICE, rule },
            { column: PRICE, rule },
          ],
        }),
        `”Ta bort alla rader med det här felet” för Pris (${rule}) finns två gånger i samma omgång. Ange varje kolumn och feltyp en gång.`,
      ],
      [
        round({ leaveOutAll: [{ column: '\u0000', rule }] }),
        `Kolumnens namn: ${CANNOT_BE_STORED} (U+0000, ett styrtecken) på plats 1.`,
      ],
    ];
    for (const [body, message] of refusals) {
      for (const [method, url, payload] of [
        ['POST', `${id}/corrections`, { basedOn: 0, ...body }],
        ['PUT', `${id}/corrections/draft`, body],
      ] as const) {
        const response = await send(method, url, payload);
        expect([method, response.statusCode, response.json().error]).toEqual([
          method,
          400,
          { code: 'BAD_REQUEST', message },
        ]);
      }
    }

    const kept: ImportCorrectionsResponse = (
      await request(testApp, 'GET', `${imports()}/${id}/corrections`, supplier.cookie)
    ).json();
    expect(kept).toMatchObject({ version: 0, correctable: true, corrections: [], leftOut: [] });
    const draft = await request(testApp, 'GET', `${imports()}/${id}/corrections/draft`, supplier.cookie);
    expect(draft.json()).toEqual({ draft: null, dropped: 0 });
  });

  it('answers 400 "Felaktig begäran." for an errors filter no header can hold', async () => {
    let n = 0;
    const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
      ++n === 1 ? { ...row, minimumOrderQuantity: 0 } : row,
    );
    const { id } = await validatedImport(testApp, supplier, content);
    for (const query of ['column=%00', 'column=Pris%00', 'column=%01&rule=LESS_THAN_ONE']) {
      const response = await request(testApp, 'GET', `${imports()}/${id}/errors?${query}`, supplier.cookie);
      expect([query, response.statusCode, response.json().error?.message]).toEqual([
        query,
        400,
        'Felaktig begäran.',
      ]);
    }
    const fine = await request(
      testApp,
      'GET',
      `${imports()}/${id}/errors?column=Minsta%20best%C3%A4llningsantal`,
      supplier.cookie,
    );
    expect(fine.json()).toMatchObject({ total: 1 });
  });
});

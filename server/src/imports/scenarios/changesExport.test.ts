import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  editedPricelistFile,
  postConfirm,
  request,
  runAllJobs,
  validatedImport,
} from '../../../../test-support/importFlow';
import { priceListWorkbook } from '../../../../test-support/pricelistFiles';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { demoArticleNumber } from '../../../../test-support/workbooks';

async function sheetsOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return Object.fromEntries(
    workbook.worksheets.map((sheet) => {
      const rows: unknown[][] = [];
      sheet.eachRow((row) => {
        rows.push((row.values as unknown[]).slice(1));
      });
      return [sheet.name, rows];
    }),
  );
}

describe.each(testDatabaseKinds)('the changes export (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  it('lists the risks and every added, changed and removed row', async () => {
    // Price list 2 is current: removing rows from it is a risk, and a price doubled is one too.
    const file = await editedPricelistFile(
      testApp,
      supplier.pricelists.current,
      (row) => {
        if (row.articleNumber === demoArticleNumber(2) || row.articleNumber === demoArticleNumber(3))
          return null;
        return row.articleNumber === demoArticleNumber(1) ? { ...row, price: Number(row.price) * 2 } : row;
      },
      [{ articleNumber: demoArticleNumber(499), price: 10, minimumOrderQuantity: 1 }],
    );
    const validated = await validatedImport(testApp, supplier, file);
    const answer = await testApp.app.inject({
      method: 'GET',
      url: `/resources/v1/imports/${supplier.organizationId}/${validated.id}/changes/excel`,
      headers: { cookie: supplier.cookie },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain('prislista_andringar.xlsx');
    const sheets = await sheetsOf(answer.rawPayload);
    expect(Object.keys(sheets)).toEqual(['Risker', 'Tillagda', 'Ändrade', 'Borttagna']);
    const risks = sheets.Risker!.map((row) => row.join(' '));
    expect(risks).toContain('Prislista 2 (Aktuell)');
    expect(risks).toContain('Borttagna rader 2');
    expect(risks).toContain('Kontrollera innan du läser in');
    expect(
      risks.some((line) =>
        /^2 av \d+ rader \([\d,]+\u00a0%\) tas bort från prislista 2 \(Aktuell\): /.test(line),
      ),
    ).toBe(true);
    expect(sheets.Tillagda!.slice(1).map((row) => row[0])).toEqual([demoArticleNumber(499)]);
    expect(sheets.Ändrade!.slice(1)).toEqual([
      // Prices as numbers (in a number format), not text.
      [demoArticleNumber(1), 'Pris', expect.any(Number), expect.any(Number)],
    ]);
    expect(
      sheets
        .Borttagna!.slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([demoArticleNumber(2), demoArticleNumber(3)]);

    // Once applied, the export still says what was shown and acknowledged, not that there was nothing.
    expect((await postConfirm(testApp, supplier, validated.id)).statusCode).toBe(200);
    await runAllJobs(testApp);
    const appliedAnswer = await testApp.app.inject({
      method: 'GET',
      url: `/resources/v1/imports/${supplier.organizationId}/${validated.id}/changes/excel`,
      headers: { cookie: supplier.cookie },
    });
    expect(appliedAnswer.statusCode).toBe(200);
    const applied = (await sheetsOf(appliedAnswer.rawPayload)).Risker!.map((row) => row.join(' '));
    expect(applied).toEqual(risks);
    expect(applied.join('\n')).not.toContain('Valideringen gjordes innan risker räknades fram');
  });

  it('is 404 for an import without changes to show, and 401 without a session', async () => {
    const failed = await validatedImport(
      testApp,
      supplier,
      await priceListWorkbook([{ articleNumber: 'FINNS-INTE', price: 1, minimumOrderQuantity: 1 }]),
    );
    const url = `imports/${supplier.organizationId}/${failed.id}/changes/excel`;
    expect((await request(testApp, 'GET', url, supplier.cookie)).statusCode).toBe(404);
    expect((await request(testApp, 'GET', url, undefined)).statusCode).toBe(401);
  });
});

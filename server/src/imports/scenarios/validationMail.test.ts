import { describe, expect, it } from 'vitest';
import { bearer, createApiKeyAs } from '../../../../test-support/apiKeys';
import {
  demoSupplier,
  pricelistRows,
  runAllJobs,
  type Supplier,
  uploadImport,
} from '../../../../test-support/importFlow';
import { fileRowOf, priceListWorkbook } from '../../../../test-support/pricelistFiles';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useMailboxApp } from '../../../../test-support/useTestApp';

describe.each(testDatabaseKinds)('a mail when a validation ends (%s)', (kind) => {
  // 0: every validation counts as long, so a browser upload mails too.
  const { testApp, mailbox } = useMailboxApp(kind, { env: { VALIDATION_MAIL_AFTER_SECONDS: '0' } });
  let supplier: Supplier;
  const validationMails = () => mailbox.received.filter((mail) => mail.subject.startsWith('Valideringen av'));
  const setMails = (on: boolean) =>
    testApp.app.inject({
      method: 'PUT',
      url: '/resources/v1/api-keys/validation-mails',
      headers: { cookie: supplier.cookie },
      payload: { validationMails: on },
    });

  it('tells the uploader the result, with a link to the summary, and not when turned off', async () => {
    supplier = await demoSupplier(testApp);
    const content = await priceListWorkbook([
      { articleNumber: 'FINNS-INTE', price: 1, minimumOrderQuantity: 1 },
    ]);
    const created = await uploadImport(testApp, supplier, content, { fileName: 'fel.xlsx' });
    const id = created.json().importObject.id;
    await runAllJobs(testApp);
    await expect.poll(() => validationMails().length).toBe(1);
    const [mail] = validationMails();
    expect(mail!.to).toEqual([expect.stringContaining('@')]);
    expect(mail!.subject).toBe('Valideringen av fel.xlsx är klar');
    expect(mail!.text).toContain('Resultat: 1 fel hittades.');
    expect(mail!.text).toContain(`/import/${id}`);
    expect(mail!.text).toContain('eftersom valideringen tog mer än 0 sekunder');

    // Off: no mail for the next one.
    expect((await setMails(false)).json()).toEqual({ validationMails: false });
    const setting = await testApp.app.inject({
      url: '/resources/v1/api-keys/validation-mails',
      headers: { cookie: supplier.cookie },
    });
    expect(setting.json()).toEqual({ validationMails: false });
    await uploadImport(testApp, supplier, content, { fileName: 'igen.xlsx' });
    await runAllJobs(testApp);
    expect(validationMails()).toHaveLength(1);
    expect((await setMails(true)).statusCode).toBe(200);
  });

  it('lists the risks of a risky file and says that applying it needs a confirmation', async () => {
    const before = validationMails().length;
    // One row only: every other row of the current list would be removed.
    const rows = await pricelistRows(testApp, supplier.pricelists.current);
    const content = await priceListWorkbook([fileRowOf(rows[0]!)]);
    await uploadImport(testApp, supplier, content, { fileName: 'en-rad.xlsx' });
    await runAllJobs(testApp);
    await expect.poll(() => validationMails().length).toBe(before + 1);
    const text = validationMails().at(-1)!.text;
    expect(text).toContain('Resultat: Validering OK.');
    expect(text).toContain(
      'Inläsningen innebär en risk som du måste bekräfta på sammanfattningen innan filen läses in:',
    );
    expect(text).toMatch(
      new RegExp(`- ${rows.length - 1} av ${rows.length} rader .* tas bort från prislista 2`),
    );
    expect(text).toContain(
      'Filen är inte inläst förrän du väljer ”Läs in” och bekräftar med ”Ja, läs in ändå”.',
    );
  });
});

describe.each(testDatabaseKinds)('a mail when a scripted validation ends (%s)', (kind) => {
  const { testApp, mailbox } = useMailboxApp(kind, { env: { VALIDATION_MAIL_AFTER_SECONDS: '3600' } });
  let supplier: Supplier;
  const validationMails = () => mailbox.received.filter((mail) => mail.subject.startsWith('Valideringen av'));

  it('is not sent for a quick validation from the browser', async () => {
    supplier = await demoSupplier(testApp);
    const content = await priceListWorkbook([
      { articleNumber: 'FINNS-INTE', price: 1, minimumOrderQuantity: 1 },
    ]);
    await uploadImport(testApp, supplier, content, { fileName: 'snabb.xlsx' });
    await runAllJobs(testApp);
    expect(validationMails()).toHaveLength(0);
  });

  it('tells the key owner when a program uploaded, however quick, and the link lets a person fix it', async () => {
    const { secret } = await createApiKeyAs(testApp, supplier.cookie);
    const content = await priceListWorkbook([
      { articleNumber: 'FINNS-INTE', price: 1, minimumOrderQuantity: 1 },
    ]);
    const before = validationMails().length;
    expect(before).toBe(0);
    const created = await uploadImport(testApp, supplier, content, {
      fileName: 'erp.xlsx',
      cookie: '',
      headers: bearer(secret),
    });
    expect(created.statusCode, created.body).toBe(201);
    await runAllJobs(testApp);
    await expect.poll(() => validationMails().length).toBe(before + 1);
    const mail = validationMails().at(-1)!;
    expect(mail.text).toContain('lästes in av ett program med din API-nyckel');
    expect(mail.text).toContain(`/import/${created.json().importObject.id}`);
  });
});

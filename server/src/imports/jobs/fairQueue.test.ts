import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoSupplier, type Supplier } from '../../../../test-support/importFlow';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import { claimNextJob } from './importQueue';

/**
 * The order in which instances claim jobs: one organisation's backlog takes turns with another
 * organisation's file instead of going before it. Jobs are queued as rows (as uploads leave
 * them) and claimed as the job loops would; a claimed job is finished by setting its status.
 */
describe.each(testDatabaseKinds)('the job queue between organisations on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  const orgA = () => supplier.organizationId;
  const orgB = () => supplier.otherOrganizationId;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
  });
  beforeEach(async () => {
    await testApp.db.deleteFrom('imports').execute();
  });
  afterAll(() => testApp?.close());

  /** Queues `count` validations for the organisation, one millisecond apart; their ids in order. */
  const queue = async (organizationId: number, count: number) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      testApp.clock.advance(1);
      const now = testApp.clock.now();
      const row = await testApp.db
        .insertInto('imports')
        .values({
          organization_id: organizationId,
          type: 'GENERAL_PRICELIST',
          status: 'VALIDATION_PENDING',
          created_at: now,
          updated_at: now,
          file_name: `fil-${organizationId}-${i}.xlsx`,
          imported_by: supplier.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  };
  const claim = async (worker = 'instance-1') => {
    testApp.clock.advance(1);
    const job = await claimNextJob(testApp, worker);
    return job && { id: job.id, organizationId: job.organizationId };
  };
  /** The claimed job ends, as its worker would end it: no longer pending, its lease released. */
  const finish = (id: number) =>
    testApp.db
      .updateTable('imports')
      .set({ status: 'VALIDATION_SUCCESS', lease_owner: null, lease_expires_at: null })
      .where('id', '=', id)
      .execute();

  it("gives another organisation's first file the next turn, or the one after, behind a backlog (one job at a time)", async () => {
    const backlog = await queue(orgA(), 20);
    const first = await claim();
    expect(first).toEqual({ id: backlog[0], organizationId: orgA() });
    const [other] = await queue(orgB(), 1);
    await finish(first!.id);

    // One instance running one job at a time: B's file is at most one of A's behind.
    const order: number[] = [];
    for (let job = await claim(); job; job = await claim()) {
      order.push(job.id);
      await finish(job.id);
    }
    expect(order.indexOf(other!)).toBeLessThanOrEqual(1);
    // A's backlog still runs, in its own order.
    expect(order.filter((id) => id !== other)).toEqual(backlog.slice(1));
  });

  it('gives the next job to the organisation with the fewest jobs running', async () => {
    const backlog = await queue(orgA(), 10);
    // Two instances each run one of A's files (their leases are live).
    expect(await claim('instance-1')).toMatchObject({ id: backlog[0] });
    expect(await claim('instance-2')).toMatchObject({ id: backlog[1] });
    const [other] = await queue(orgB(), 1);
    expect(await claim('instance-3')).toEqual({ id: other, organizationId: orgB() });
    expect(await claim('instance-3')).toMatchObject({ id: backlog[2] });
  });

  it("takes up a crashed instance's job once its 20 s lease has run out, not before", async () => {
    const [id] = await queue(orgA(), 1);
    expect(await claim('crashed')).toMatchObject({ id });
    testApp.clock.advance(19_000);
    expect(await claim('instance-2')).toBeNull();
    testApp.clock.advance(1_000);
    expect(await claim('instance-2')).toMatchObject({ id });
  });

  it('takes turns between two backlogs', async () => {
    const a = await queue(orgA(), 3);
    const b = await queue(orgB(), 3);
    const order: number[] = [];
    for (let job = await claim(); job; job = await claim()) {
      order.push(job.id);
      await finish(job.id);
    }
    expect(order).toEqual([a[0], b[0], a[1], b[1], a[2], b[2]]);
  });
});

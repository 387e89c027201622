/**
 * The section "A burst" of `npm run bench`: many organisations' files uploaded at once to two
 * server instances on one PostgreSQL, until each has its validation result (bench/tasks/burst.ts).
 */
import { fmt, fmtSpread, repeat, runTask, spread } from './lib';

interface BurstRun {
  organisations: number;
  rows: number;
  totalMs: number;
  firstMs: number;
  medianMs: number;
  lastUploadInMs: number;
  largestGapMs: number;
  refusals: number;
  retriedUploads: number;
  allValidated: boolean;
  unfinished: number;
  perOrganisation: { organisation: number; resultMs: number | null }[];
}

export async function burstSection(out: (line?: string) => void, quick: boolean) {
  const organisations = quick ? 4 : 20;
  const rows = quick ? 10_000 : 50_000;
  out(`## A burst: ${organisations} organisations' ${fmt(rows)}-row files at once, two instances`);
  out();
  const runs = await repeat(quick ? 1 : 3, 0, () =>
    runTask<BurstRun>('burst.ts', [String(organisations), String(rows)]),
  );
  const column = (pick: (run: BurstRun) => number) => fmtSpread(spread(runs.map(pick)));
  out(
    '| total ms (first upload → last result) | first result ms | median organisation ms | last upload in ms | largest gap between results ms | retried uploads (refusals) | all validated |',
  );
  out('|---:|---:|---:|---:|---:|---:|---|');
  out(
    `| ${column((r) => r.totalMs)} | ${column((r) => r.firstMs)} | ${column((r) => r.medianMs)} | ${column((r) => r.lastUploadInMs)} | ${column((r) => r.largestGapMs)} | ${column((r) => r.retriedUploads)} (${column((r) => r.refusals)}) | ${runs.map((r) => (r.allValidated ? 'yes' : `no (${r.unfinished} unfinished)`)).join(', ')} |`,
  );
  out();
  for (const [index, run] of runs.entries())
    out(
      `Run ${index + 1}, each organisation's result in order, s: ${run.perOrganisation.map((entry) => (entry.resultMs === null ? '-' : fmt(entry.resultMs / 1000, 1))).join(', ')}.`,
    );
  out();
  out(
    `Target: ≤ 20,000 ms from the first upload to the last result, and no organisation's first result waits for another's whole backlog (here one file each: the results come in turns, with no long gap). Each organisation's user signs in on one of the two instances in turn (the default settings: UPLOADS_MAX_CONCURRENT 4 an instance, JOB_MAX_CONCURRENT the cores); an upload answered 429 or 503 is sent again after its Retry-After, as a program would. A result's time is its imports row's updated_at as the job wrote it, from the first upload sent.`,
  );
  out();
}

/**
 * The section "CPU per 1,000 rows" of `npm run bench`: how much CPU, Node and PostgreSQL together,
 * each kind of work costs per row. At month-end the service's throughput is the cores it has
 * divided by this, not one file's wall time on a quiet machine.
 */
import path from 'node:path';
import { ensureBenchFiles, ensureCatalogueFile, ensureSmallFile } from './files';
import { fmt, fmtSpread, repeat, runTask, type Spread, spread } from './lib';

interface CpuRun {
  ms: number;
  nodeCpuMs: number;
  postgresCpuMs: number;
}

interface Work {
  label: string;
  rows: number;
  target: string;
  measure: () => Promise<CpuRun>;
}

function worksOf(quick: boolean, files: Awaited<ReturnType<typeof ensureBenchFiles>>): Work[] {
  const xlsx = (rows: number) => files.find((file) => file.format === 'xlsx' && file.rows === rows);
  const validation = (filePath: string, rows: number, target: string): Work => ({
    label: `validation ${path.basename(filePath)}`,
    rows,
    target,
    measure: () => runTask<CpuRun>('validate.ts', [filePath, String(rows)]),
  });
  const applyRows = quick ? 10_000 : 50_000;
  const apply = (shape: 'new' | 'mix', label: string): Work => ({
    label: `apply ${fmt(applyRows)} rows (${label})`,
    rows: applyRows,
    target: '≤ 30 per 1,000 rows',
    measure: async () => {
      const run = await runTask<{ jobMs: number; nodeCpuMs: number; postgresCpuMs: number }>('apply.ts', [
        'postgres',
        String(applyRows),
        shape,
      ]);
      return { ...run, ms: run.jobMs };
    },
  });
  const large = quick ? 10_000 : 200_000;
  const catalogue = ensureCatalogueFile(large);
  const small = ensureSmallFile(500);
  return [
    ...(quick ? [] : [validation(xlsx(50_000)!.path, 50_000, '')]),
    validation(xlsx(large)!.path, large, '≤ 20 per 1,000 rows'),
    validation(catalogue.path, catalogue.rows, ''),
    apply('new', 'every row new'),
    apply('mix', '10 % added, 9 % updated, 10 % removed'),
    validation(small.path, small.rows, '≤ 100 in all'),
    {
      label: `validation ${path.basename(small.path)}, each of 20 in one warm process`,
      rows: small.rows,
      target: '≤ 100 in all',
      measure: () => runTask<CpuRun>('warmJobs.ts', [small.path, String(small.rows), '20']),
    },
  ];
}

/** Measures each work in fresh processes (a warm-up, then 5 runs) and prints the table. */
export async function cpuPerRowSection(out: (line?: string) => void, quick: boolean) {
  const files = await ensureBenchFiles(quick);
  out('## CPU per 1,000 rows');
  out();
  out(
    '| work | rows | Node CPU ms | PostgreSQL CPU ms | CPU ms per 1,000 rows | wall ms | target (CPU ms) |',
  );
  out('|---|---:|---:|---:|---:|---:|---|');
  for (const work of worksOf(quick, files)) {
    const runs = await repeat(quick ? 1 : 5, quick ? 0 : 1, work.measure);
    const node = spread(runs.map((run) => run.nodeCpuMs));
    const postgres = spread(runs.map((run) => run.postgresCpuMs));
    const perThousand: Spread = spread(
      runs.map((run) => ((run.nodeCpuMs + run.postgresCpuMs) / work.rows) * 1000),
    );
    out(
      `| ${work.label} | ${fmt(work.rows)} | ${fmtSpread(node)} | ${fmtSpread(postgres)} | ${fmtSpread(perThousand, 1)} | ${fmtSpread(spread(runs.map((run) => run.ms)))} | ${work.target} |`,
    );
  }
  out();
  out(
    "Node: the whole measuring process, every thread (`process.cpuUsage()`), from the job's claim until the next spare worker thread is ready again, so the thread a job uses up is in its figure. PostgreSQL: every process of the local server (`/proc/<pid>/stat`, with the postmaster's ended children), over the same span; on a quiet machine that is the benchmark's own work. Medians of 5 fresh processes after a warm-up, (min–max). The files of this run: the .xlsx of section 1, the catalogue of section 1b, and a 500-row .xlsx. The applies run on PostgreSQL. Each row but the last is one job in a fresh process (its code run for the first time); the last is a running server's steady state, the mean of 20 jobs after 3 in the same process, on the worker thread kept between them.",
  );
  out();
}

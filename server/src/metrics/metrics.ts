import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../appDeps';
import { ApiError, notFound } from '../errors';
import type { WorkerPoolStats } from '../pricelistFile';

/**
 * Metrics of this instance in Prometheus text format, at GET /metrics (README, "Health and
 * operations"). Each app has a Registry of its own (tests build many apps in one process), with
 * the app's own job histograms (AppDeps.jobMetrics, jobMetrics.ts).
 */

/** Seconds of an HTTP request: most are answered in a few ms. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface QueueRow {
  status: 'VALIDATION_PENDING' | 'IMPORT_PENDING';
  waiting: number;
  running: number;
  oldest_waiting: Date | null;
}

const queueKinds = [
  ['VALIDATION_PENDING', 'validation'],
  ['IMPORT_PENDING', 'import'],
] as const;

/** The job queue as the database has it now (every instance's jobs): one indexed query. */
async function readQueue({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const now = clock.now();
  const { rows } = await sql<QueueRow>`
    select status,
      count(*) filter (where lease_expires_at is null or lease_expires_at < ${now})::int as waiting,
      count(*) filter (where lease_expires_at >= ${now})::int as running,
      min(updated_at) filter (where lease_expires_at is null or lease_expires_at < ${now}) as oldest_waiting
    from imports
    where status in ('VALIDATION_PENDING', 'IMPORT_PENDING')
    group by status`.execute(db);
  return queueKinds.map(([status, kind]) => {
    const row = rows.find((r) => r.status === status);
    const oldest = row?.oldest_waiting ? new Date(row.oldest_waiting).getTime() : undefined;
    return {
      kind,
      waiting: row?.waiting ?? 0,
      running: row?.running ?? 0,
      oldestWaitingSeconds: oldest === undefined ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
    };
  });
}

/** The registry of one app: HTTP durations by route, the job queue, the job histograms, the worker pool. */
export function createMetricsRegistry(deps: Pick<AppDeps, 'db' | 'clock' | 'workerPool' | 'jobMetrics'>) {
  const registry = new Registry();
  for (const histogram of Object.values(deps.jobMetrics.seconds)) registry.registerMetric(histogram);

  // The three queue gauges are collected together at each scrape: they share one query.
  let reading: ReturnType<typeof readQueue> | null = null;
  const queueNow = () => {
    reading ??= readQueue(deps).finally(() => {
      reading = null;
    });
    return reading;
  };

  const queueGauge = (
    name: string,
    help: string,
    value: (q: Awaited<ReturnType<typeof readQueue>>[0]) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        for (const queue of await queueNow()) this.set({ kind: queue.kind }, value(queue));
      },
    });
  queueGauge(
    'hmdb_import_jobs_waiting',
    'Jobs waiting for an instance to take them, per kind (validation, import), in the whole database.',
    (q) => q.waiting,
  );
  queueGauge(
    'hmdb_import_jobs_running',
    'Jobs an instance holds a live lease on, per kind.',
    (q) => q.running,
  );
  queueGauge(
    'hmdb_import_jobs_oldest_waiting_seconds',
    'Age of the oldest waiting job (since it became pending or was last taken), per kind; 0 when none waits.',
    (q) => q.oldestWaitingSeconds,
  );

  registerWorkerPoolMetrics(registry, () => deps.workerPool.stats());

  const http = new Histogram({
    name: 'hmdb_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  return { registry, http };
}

/** The Excel worker pool's use, read at each scrape. */
export function registerWorkerPoolMetrics(registry: Registry, stats: () => WorkerPoolStats) {
  const gauge = (name: string, help: string, labelNames: string[], read: (g: Gauge<string>) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        read(this);
      },
    });
  gauge('hmdb_worker_pool_threads', 'Excel worker threads by state (busy, idle).', ['state'], (g) => {
    const now = stats();
    g.set({ state: 'busy' }, now.busy);
    g.set({ state: 'idle' }, now.idle);
  });
  gauge('hmdb_worker_pool_size', 'The most Excel worker threads the pool runs at once.', [], (g) =>
    g.set(stats().size),
  );
  gauge('hmdb_worker_pool_waiting', 'Requests and jobs waiting for an Excel worker.', [], (g) =>
    g.set(stats().waiting),
  );
  gauge(
    'hmdb_worker_pool_memory_megabytes',
    "Heap limits of the pool's live threads (in_use) and the pool's memory budget (budget), MB.",
    ['kind'],
    (g) => {
      const now = stats();
      g.set({ kind: 'in_use' }, now.memoryInUseMb);
      g.set({ kind: 'budget' }, now.memoryTotalMb);
    },
  );
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Times every request by its route pattern (never the raw URL: ids and queries would make a
 * series each) and serves GET /metrics: 404 unless METRICS_TOKEN is set, then only to a caller
 * that sends it as `Authorization: Bearer <token>` (compared in constant time).
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'clock' | 'workerPool' | 'config' | 'jobMetrics'>,
) {
  const token = deps.config.METRICS_TOKEN;
  if (!token) {
    // Nothing is measured that nobody can read: no hook on every request (the SPA polls).
    app.get('/metrics', async () => {
      throw notFound();
    });
    return;
  }
  const { registry, http } = createMetricsRegistry(deps);
  collectDefaultMetrics({ register: registry });

  app.addHook('onResponse', async (request, reply) => {
    http.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(token)))
      throw new ApiError(401, 'UNAUTHORIZED', 'Fel eller saknad nyckel för mätvärdena.', undefined, {
        'www-authenticate': 'Bearer',
      });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

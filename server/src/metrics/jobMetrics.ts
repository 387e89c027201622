import { Histogram } from 'prom-client';

export type JobKind = 'validation' | 'apply';

export interface JobMetrics {
  seconds: Record<JobKind, Histogram<'outcome'>>;
}

/** Seconds: a small file validates in well under a second, a 200,000-row one in several. */
const JOB_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** The job histograms of one app (AppDeps.jobMetrics), registered in its /metrics registry. */
export function createJobMetrics(): JobMetrics {
  const histogram = (name: string, help: string) =>
    new Histogram({ name, help, labelNames: ['outcome'], buckets: JOB_BUCKETS, registers: [] });
  return {
    seconds: {
      validation: histogram(
        'hmdb_import_validation_duration_seconds',
        'Time the Excel engine took to validate an uploaded file against the price list (outcome: ok or error).',
      ),
      apply: histogram(
        'hmdb_import_apply_duration_seconds',
        'Time the transaction that writes a confirmed import into its price list took (outcome: ok or error).',
      ),
    },
  };
}

/** Records a job step that took `seconds` and ended well. */
export function observeJobSeconds(metrics: JobMetrics, kind: JobKind, seconds: number) {
  metrics.seconds[kind].observe({ outcome: 'ok' }, seconds);
}

/** Records how long `work` takes in the job histogram of `kind`, and passes its result on. */
export function timedJob<T>(metrics: JobMetrics, kind: JobKind, work: Promise<T>): Promise<T> {
  const end = metrics.seconds[kind].startTimer();
  return work.then(
    (result) => {
      end({ outcome: 'ok' });
      return result;
    },
    (error: unknown) => {
      end({ outcome: 'error' });
      throw error;
    },
  );
}

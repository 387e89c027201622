/**
 * The job columns of an import as the queue (jobs/importQueue.ts) reads them, written alike
 * wherever a job is let go: every place that forgot one (a retry's wait, say) would leave a job
 * unclaimable or claimed too soon.
 */

/** Let go by its instance: no lease, nothing to wait for; any instance may claim it at once. */
export const released = { lease_owner: null, lease_expires_at: null, run_after: null } as const;

/** A new job (a confirm, a new file, a validation started over): released, its attempts counted afresh. */
export const freshJob = { ...released, attempts: 0 } as const;

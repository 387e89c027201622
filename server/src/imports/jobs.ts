import type { AppDeps } from '../app';

export interface ImportJobs {
  stop(): Promise<void>;
}

/** Runs the validation and import jobs of this instance (filled by the import engine). */
export function startImportJobs(_deps: AppDeps): ImportJobs {
  return { stop: async () => {} };
}

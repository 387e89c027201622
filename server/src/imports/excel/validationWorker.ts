import { parentPort } from 'node:worker_threads';
import { ExcelFileError } from './errors';
import type { PriceListValidationInput } from './types';
import { validatePriceList } from './validatePriceList';

/** What the worker posts back: an outcome, or why the file could not be read. */
export type WorkerReply =
  | { ok: true; outcome: Awaited<ReturnType<typeof validatePriceList>> }
  | { ok: false; problem: ExcelFileError['problem'] | null; message: string };

// The worker is started ahead of need (its modules load meanwhile) and validates one file.
parentPort!.once('message', async (input: PriceListValidationInput) => {
  let reply: WorkerReply;
  try {
    reply = { ok: true, outcome: await validatePriceList(input) };
  } catch (error) {
    reply =
      error instanceof ExcelFileError
        ? { ok: false, problem: error.problem, message: error.message }
        : { ok: false, problem: null, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});

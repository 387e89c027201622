import { parentPort } from 'node:worker_threads';
import { ExcelFileError } from './errors';
import { validateAgainst } from './validatePriceList';
import {
  articleNumbersOf,
  type PackedInput,
  type PackedOutcome,
  packOutcome,
  storedRowsOfPacked,
  transferablesOf,
} from './workerTransport';

/** What the worker posts back: an outcome, or why the file could not be read. */
export type WorkerReply =
  | { ok: true; outcome: PackedOutcome }
  | { ok: false; problem: ExcelFileError['problem'] | null; message: string };

// The worker is started ahead of need (its modules load meanwhile) and validates one file.
parentPort!.once('message', async (input: PackedInput) => {
  let reply: WorkerReply;
  try {
    const outcome = await validateAgainst(
      input.content,
      input.fileName,
      articleNumbersOf(input),
      storedRowsOfPacked(input),
    );
    reply = { ok: true, outcome: packOutcome(outcome) };
  } catch (error) {
    reply =
      error instanceof ExcelFileError
        ? { ok: false, problem: error.problem, message: error.message }
        : { ok: false, problem: null, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply, reply.ok ? transferablesOf(reply.outcome) : []);
});

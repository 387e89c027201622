import { parentPort } from 'node:worker_threads';
import { ExcelFileError } from './errors';
import { articleNumbersOfJson, storedRowsOfJson } from './snapshotJson';
import { validateAgainst } from './validatePriceList';
import type { WorkerJob, WorkerReply, WorkerResult } from './workerPool';
import { packOutcome, templateRowsOf, transferablesOf, unpackErrors } from './workerTransport';

/** A Buffer as bytes that own their ArrayBuffer, so they can be transferred back. */
const ownBytes = (buffer: Buffer) =>
  buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength
    ? new Uint8Array(buffer.buffer, 0, buffer.byteLength)
    : new Uint8Array(buffer);

async function run(job: WorkerJob): Promise<WorkerResult> {
  if (job.kind === 'validate') {
    const { input } = job;
    const stored = storedRowsOfJson(input.snapshot);
    const articleNumbers = articleNumbersOfJson(input.snapshot);
    const outcome = await validateAgainst(input.content, input.fileName, articleNumbers, stored);
    return { kind: 'validation', outcome: packOutcome(outcome, stored) };
  }
  // The writers (and exceljs) load only for their jobs: a validation worker starts lean.
  if (job.kind === 'errorWorkbook') {
    const { writeValidationErrorWorkbook } = await import('./errorWorkbook');
    const bytes = await writeValidationErrorWorkbook(job.content, job.fileName, unpackErrors(job.errors));
    return { kind: 'workbook', bytes: ownBytes(bytes) };
  }
  const { writePriceListTemplate } = await import('./template');
  return { kind: 'workbook', bytes: ownBytes(await writePriceListTemplate(templateRowsOf(job))) };
}

// The worker is started ahead of need (its modules load meanwhile) and does one job.
parentPort!.once('message', async (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    reply = { ok: true, result: await run(job) };
  } catch (error) {
    reply =
      error instanceof ExcelFileError
        ? { ok: false, problem: error.problem, message: error.message }
        : { ok: false, problem: null, message: error instanceof Error ? error.message : String(error) };
  }
  const transfer = !reply.ok
    ? []
    : reply.result.kind === 'validation'
      ? transferablesOf(reply.result.outcome)
      : [reply.result.bytes.buffer as ArrayBuffer];
  parentPort!.postMessage(reply, transfer);
});

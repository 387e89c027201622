import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { detectExcelFormat, XlsxError } from '../lib/xlsx';
import { ExcelFileError, excelFileErrorOf } from './fileErrors';
import { readFileSheets } from './fileSheets';
import { checkDataOfJson } from './snapshotJson';
import type { PriceListSnapshotJson } from './types';
import { type CheckData, validateAgainst } from './validatePricelist';
import { type ThreadReply, WORKER_NICE, WORKER_READY } from './worker/protocol';
import {
  isSnapshotMessage,
  transferablesOfResult,
  type WorkerJob,
  type WorkerJobFailure,
  type WorkerResult,
  type WorkerSnapshot,
} from './workerJobs';
import { packOutcome, templateRowsOf, unpackErrors } from './workerPacking';

/** A Buffer as bytes that own their ArrayBuffer, so they can be transferred back. */
const ownBytes = (buffer: Buffer) =>
  buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength
    ? new Uint8Array(buffer.buffer, 0, buffer.byteLength)
    : new Uint8Array(buffer);

/** This thread's V8 heap and the memory outside it (in a worker, both are the thread's own isolate's). */
function threadMemoryBytes() {
  const usage = process.memoryUsage();
  return usage.heapTotal + usage.external;
}

/**
 * This thread's peak memory in MB: its V8 heap and the memory outside it (file bytes, inflate
 * buffers), sampled every 20 ms and after each step that builds much. In a worker thread,
 * process.memoryUsage() reports heap and external for the thread's own isolate (rss alone is
 * the whole process's).
 */
function memorySampler() {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, threadMemoryBytes());
  };
  const timer = setInterval(sample, 20);
  return {
    sample,
    stop() {
      sample();
      clearInterval(timer);
      return Math.round(peak / 2 ** 20);
    },
  };
}

/** The snapshot that follows a 'validate' job, parsed into what the checks use. */
const snapshotMessage = () =>
  new Promise<CheckData>((resolve) => {
    const snapshot: PriceListSnapshotJson = { articles: [], rows: [] };
    const onMessage = (message: WorkerSnapshot) => {
      if (message.kind === 'snapshotBlock') {
        snapshot[message.part].push(message.json);
        return;
      }
      if (message.kind === 'snapshotPeriod') {
        snapshot.period = message.period;
        return;
      }
      parentPort!.off('message', onMessage);
      const data = checkDataOfJson(snapshot);
      resolve(snapshot.period ? { ...data, period: snapshot.period } : data);
    };
    parentPort!.on('message', onMessage);
  });

async function run(job: WorkerJob): Promise<WorkerResult> {
  if (job.kind === 'validate') {
    const memory = memorySampler();
    try {
      // The file is read while the snapshot is still on its way.
      const data = snapshotMessage();
      data.then(memory.sample);
      const outcome = await validateAgainst(job.content, job.fileName, data, job.columns);
      memory.sample();
      const packed = packOutcome(outcome, (await data).stored, job.changes);
      return { kind: 'validation', outcome: packed, peakMemoryMb: memory.stop() };
    } finally {
      memory.stop();
    }
  }
  if (job.kind === 'fileSheets') {
    const format = detectExcelFormat(job.content, job.fileName);
    if (format === null)
      throw new ExcelFileError(
        'NOT_EXCEL',
        'Filen är inte en Excel-fil. Endast .xls och .xlsx kan läsas in.',
      );
    return { kind: 'fileSheets', sheets: await readFileSheets(job.content, format) };
  }
  // The writers (and exceljs) load only for their jobs: a validation worker starts lean.
  if (job.kind === 'errorWorkbook') {
    const { writeValidationErrorWorkbook } = await import('./errorWorkbook');
    const bytes = await writeValidationErrorWorkbook(
      job.content,
      job.fileName,
      unpackErrors(job.errors),
      job.corrected,
    );
    return { kind: 'workbook', bytes: ownBytes(bytes) };
  }
  if (job.kind === 'correctedFile') {
    const { writeCorrectedFile } = await import('./correctedFile');
    return {
      kind: 'workbook',
      bytes: ownBytes(await writeCorrectedFile(job.content, job.fileName, job.corrections)),
    };
  }
  if (job.kind === 'changesWorkbook') {
    const { writeChangesWorkbook } = await import('./changesWorkbook');
    return { kind: 'workbook', bytes: ownBytes(await writeChangesWorkbook(job.changes)) };
  }
  if (job.kind === 'priceChangesWorkbook') {
    const { writePriceChangesWorkbook } = await import('./priceChangesWorkbook');
    return { kind: 'workbook', bytes: ownBytes(await writePriceChangesWorkbook(job.rows)) };
  }
  if (job.kind === 'catalogue') {
    const { writeCatalogue } = await import('./peppol/writeCatalogue');
    const xml = writeCatalogue({ ...job.document, rows: templateRowsOf(job) });
    return { kind: 'workbook', bytes: ownBytes(Buffer.from(xml, 'utf8')) };
  }
  const { writePriceListTemplate } = await import('./template');
  return { kind: 'workbook', bytes: ownBytes(await writePriceListTemplate(templateRowsOf(job))) };
}

/**
 * Lowers this thread's scheduling priority, and only this thread's: on Linux a nice value belongs
 * to a thread, named by its id (/proc/thread-self is "<pid>/task/<tid>"). A file that takes
 * seconds to read then leaves the cores to the API thread whenever that has a request to answer
 * (docs/product.md, "Targets": ping p99 under 50 ms while a 200,000-row file validates; decision 0016). Raising
 * one's own nice value needs no privilege. Elsewhere the thread keeps the normal priority.
 */
function yieldToTheApiThread() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, WORKER_NICE);
  } catch {
    // Not Linux: no per-thread priority to set.
  }
}

yieldToTheApiThread();

/** This thread's memory now, heap and outside it, MB: the pool keeps only a lean thread for another job. */
const memoryNowMb = () => Math.round(threadMemoryBytes() / 2 ** 20);

// The worker is started ahead of need (its modules load meanwhile). It does one job at a time;
// the pool posts another only after a reply that leaves the thread lean (decision 0050).
parentPort!.on('message', async (message: WorkerJob | WorkerSnapshot) => {
  // A validation's snapshot is taken by its own listener (snapshotMessage).
  if (isSnapshotMessage(message)) return;
  let reply: ThreadReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const result = await run(message);
    reply = { ok: true, answer: result, memoryMb: memoryNowMb() };
    transfer = transferablesOfResult(result);
  } catch (thrown) {
    const error = thrown instanceof XlsxError ? excelFileErrorOf(thrown) : thrown;
    const detail: WorkerJobFailure = error instanceof ExcelFileError ? error.problem : null;
    reply = { ok: false, detail, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply, transfer);
});
// Tells the pool this worker is loaded (WorkerPool.prewarm); a job posted earlier simply waits.
parentPort!.postMessage(WORKER_READY);

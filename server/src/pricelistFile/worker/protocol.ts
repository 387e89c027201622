/**
 * The messages between the API thread and a worker thread, as the transport sees them: a request
 * it never looks inside, and a reply that says whether the thread answered or failed. What a
 * request asks and an answer holds is the jobs' business (workerJobs.ts). Both sides import this
 * module; the worker thread (excelWorker.ts) imports nothing else of the transport.
 */
import type { TransferListItem } from 'node:worker_threads';

/** One request for a thread: posted as it is, with what moves instead of being copied. */
export interface ThreadRequest {
  /** What the thread is sent; the transport never reads it. */
  message: unknown;
  /** Buffers moved to the thread with the message (they are detached here afterwards). */
  transfer: readonly TransferListItem[];
  /**
   * Messages posted after the request once this resolves, one per turn of the event loop, while
   * the thread already works on it; when it rejects, so does the request, with its error.
   */
  followUp?: Promise<readonly unknown[]>;
  /**
   * Asked before the request waits for a thread and again once it has one: an error refuses it
   * at once (nothing posted), for a request that can no longer be sent.
   */
  refusal?: () => Error | undefined;
}

export type ThreadReply =
  /** `memoryMb`: the thread's heap and external memory once it has answered. */
  | { ok: true; answer: unknown; memoryMb: number }
  /** The thread's own account of a request it could not do: `detail` is for the requester. */
  | { ok: false; message: string; detail: unknown };

/** The worker thread's nice value: the scheduler prefers the API thread (nice 0) about 10:1. */
export const WORKER_NICE = 10;

/** What a worker posts once its modules are loaded, before any reply. */
export const WORKER_READY = 'ready';

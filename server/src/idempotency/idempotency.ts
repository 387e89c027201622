import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../appDeps';
import { ApiError, badRequest } from '../errors';
import { requireAuth } from '../identity/session';

/** The request header a caller sets to make a retry safe (docs/api-idempotency.md). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The header a replayed answer carries, so a caller can tell it from a new one. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3_600_000;
/** A first request still unanswered after this is taken to have died with its instance. */
export const ABANDONED_AFTER_MS = 5 * 60_000;
/** How long a retry waits for a first request still running before it answers 409. */
export const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;

/** Visible ASCII, 1–255 characters: a UUID, or any token the caller's program makes. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/**
 * The header on a route's schema (documents it; the format is checked in answerOnce, with its own
 * message). Loose: the other headers stay as they came.
 */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe('Valfri nyckel (1–255 synliga ASCII-tecken, t.ex. ett UUID) som gör ett nytt försök säkert.'),
});

export interface Answer {
  statusCode: number;
  body: unknown;
}

type IdempotencyDeps = Pick<AppDeps, 'db' | 'clock'>;

const keyReused = () =>
  new ApiError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'Idempotency-Key har redan använts för en annan begäran. Använd en ny nyckel för en ny begäran.',
  );
const stillRunning = () =>
  new ApiError(
    409,
    'IDEMPOTENCY_KEY_IN_USE',
    'En begäran med samma Idempotency-Key behandlas fortfarande. Försök igen om en stund.',
    undefined,
    { 'retry-after': '1' },
  );

/** The request as its fingerprint: method, path and the parts of its body, each length-prefixed. */
export function requestFingerprint(request: FastifyRequest, parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of [request.method, request.url, ...parts]) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    hash.update(`${bytes.length}:`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/**
 * Runs `run` once per Idempotency-Key and user: the first request runs it and its 2xx answer is
 * kept for 24 hours; a retry with the same key and the same request gets that answer (with
 * `Idempotent-Replayed: true`) and runs nothing; the same key with another request is 422. A
 * retry that comes while the first still runs waits for its answer (409 after 10 s). A refusal
 * (4xx) or failure is not kept: the key is free again, and a retry runs anew. Without the header,
 * `run` simply runs.
 */
export async function answerOnce(
  deps: IdempotencyDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprintParts: readonly (string | Uint8Array)[],
  run: () => Promise<Answer>,
): Promise<FastifyReply> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return send(reply, await run());
  if (typeof key !== 'string' || !KEY_FORMAT.test(key))
    throw badRequest('Idempotency-Key ska vara 1–255 synliga ASCII-tecken, till exempel ett UUID.');
  const userId = requireAuth(request).userId;
  const fingerprint = requestFingerprint(request, fingerprintParts);

  const claim = randomUUID();
  const kept = await claimOrFind(deps, userId, key, fingerprint, claim);
  if (kept !== 'claimed') return send(reply.header(REPLAYED_HEADER, 'true'), kept);

  // Only while the claim is still this request's: one that took over after ABANDONED_AFTER_MS owns it now.
  const release = () =>
    deps.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('claim', '=', claim)
      .execute();
  let answer: Answer;
  try {
    answer = await run();
  } catch (error) {
    await release();
    throw error;
  }
  if (answer.statusCode >= 200 && answer.statusCode < 300) {
    await deps.db
      .updateTable('idempotency_keys')
      .set({ status_code: answer.statusCode, response_body: JSON.stringify(answer.body ?? null) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('claim', '=', claim)
      .execute();
  } else {
    await release();
  }
  return send(reply, answer);
}

function send(reply: FastifyReply, answer: Answer) {
  return reply.status(answer.statusCode).send(answer.body);
}

/**
 * Claims the key for this request, or finds the answer kept for it. One insert decides between
 * two requests at once, on one instance or many: the primary key lets only one of them in.
 */
async function claimOrFind(
  { db, clock }: IdempotencyDeps,
  userId: number,
  key: string,
  fingerprint: string,
  claim: string,
): Promise<'claimed' | Answer> {
  const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const now = clock.now();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        fingerprint,
        created_at: now,
        claim,
        status_code: null,
        response_body: null,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return 'claimed';

    const found = await db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'created_at', 'status_code', 'response_body'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!found) continue; // released or expired meanwhile: claim again
    const age = now.getTime() - new Date(found.created_at).getTime();
    const answered = found.status_code !== null;
    if (age >= IDEMPOTENCY_KEEP_MS || (!answered && age >= ABANDONED_AFTER_MS)) {
      // Expired, or its first request died with its instance: free for this one.
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('created_at', '=', found.created_at)
        .execute();
      continue;
    }
    if (found.fingerprint !== fingerprint) throw keyReused();
    if (answered)
      return { statusCode: found.status_code as number, body: JSON.parse(found.response_body ?? 'null') };
    if (Date.now() >= waitUntil) throw stillRunning();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Deletes the answers older than 24 hours (the housekeeping). */
export async function pruneIdempotencyKeys({ db }: Pick<AppDeps, 'db'>, now: Date) {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEEP_MS))
    .execute();
}

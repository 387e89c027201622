import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ApiError } from '../errors';

/**
 * How long a request body may take to arrive (docs/decisions/0028). A JSON body must be in within
 * REQUEST_BODY_TIMEOUT_SECONDS; an upload (multipart) must average UPLOAD_MIN_BYTES_PER_SECOND
 * once UPLOAD_MIN_RATE_GRACE_SECONDS have passed, so a slow but steady line still gets its 25 MB in.
 * Without them a body sent a byte every 15 s held its connection open for ever (Fastify sets no
 * request timeout of its own). Beyond either, the caller gets 408 and the connection is closed.
 */

const TOO_SLOW = 'Begäran kom in för långsamt och avbröts. Försök igen.';

export const requestTooSlow = () =>
  new ApiError(408, 'REQUEST_TIMEOUT', TOO_SLOW, undefined, { connection: 'close' });

/** Aborted when the body of the request came in too slowly; the reason is requestTooSlow(). */
const bodySignals = new WeakMap<FastifyRequest['raw'], AbortSignal>();

/** The signal of `request`'s body watch: aborted (with a 408 ApiError) when it came in too slowly. */
export const bodyTimeoutSignal = (request: FastifyRequest): AbortSignal | undefined =>
  bodySignals.get(request.raw);

/** A request without Content-Length or Transfer-Encoding has no body (RFC 9112, 6.3). */
const hasBody = ({ headers }: FastifyRequest) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

const isMultipart = (request: FastifyRequest) =>
  /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');

/**
 * Node's own limit on the whole request, as a backstop behind the watch: time enough for the
 * largest upload at the slowest rate allowed, and a minute more.
 */
export const requestTimeoutMs = (config: Config) =>
  Math.ceil(
    1000 *
      (Math.max(config.REQUEST_BODY_TIMEOUT_SECONDS, config.UPLOAD_MIN_RATE_GRACE_SECONDS) +
        config.UPLOAD_MAX_BYTES / config.UPLOAD_MIN_BYTES_PER_SECOND +
        60),
  );

/**
 * Watches every body that has not arrived with the request's headers. A JSON body is read by
 * Fastify through a stream that fails with the 408 when the watch says so; an upload's reader
 * follows bodyTimeoutSignal (imports/http/upload.ts). A body still coming after the answer was
 * sent (a route that did not read it) only loses its connection.
 */
export function registerBodyTimeouts(app: FastifyInstance, config: Config) {
  const deadlineMs = config.REQUEST_BODY_TIMEOUT_SECONDS * 1000;
  const graceMs = config.UPLOAD_MIN_RATE_GRACE_SECONDS * 1000;
  const minBytesPerMs = config.UPLOAD_MIN_BYTES_PER_SECOND / 1000;

  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const socket = raw.socket;
    // inject() has no socket to watch or close.
    if (raw.complete || !hasBody(request) || !(socket instanceof Socket)) return done();
    const upload = isMultipart(request);
    const started = Date.now();
    const bytesAtStart = socket.bytesRead;
    const controller = new AbortController();
    bodySignals.set(raw, controller.signal);
    const tooSlow = () => {
      const elapsed = Date.now() - started;
      if (!upload) return elapsed >= deadlineMs;
      return elapsed >= graceMs && socket.bytesRead - bytesAtStart < elapsed * minBytesPerMs;
    };
    let abortedAt = 0;
    const check = () => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      if (!abortedAt) {
        if (!tooSlow()) return;
        abortedAt = Date.now();
        request.log.info({ upload, bytes: socket.bytesRead - bytesAtStart }, 'request body too slow');
        controller.abort(requestTooSlow());
      }
      // Once the answer is out (or nothing answers), nothing will read the rest of the body.
      if (reply.raw.writableFinished || Date.now() - abortedAt > 5000) {
        clearInterval(timer);
        socket.destroy();
      }
    };
    const timer = setInterval(check, Math.min(1000, (upload ? graceMs : deadlineMs) / 4));
    timer.unref();
    done();
  });

  // A JSON body is read through a stream that fails with the 408 when the watch aborts.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const signal = bodyTimeoutSignal(request);
    if (!signal || request.raw.complete || isMultipart(request)) return done(null, payload);
    const guarded = new PassThrough();
    payload.pipe(guarded);
    signal.addEventListener('abort', () => guarded.destroy(signal.reason as Error), { once: true });
    done(null, guarded);
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../appDeps';
import type { AuthContext } from '../../identity/profile';
import { KeyRateLimiter } from '../../identity/rateLimit';
import { requireAuth } from '../../identity/session';
import { pendingValidationsFull, tooManyPendingValidations } from '../store/pendingValidations';
import type { Upload } from '../uploadedFile';
import { answer, tooManyRequests } from './routeParts';
import { readUpload, UploadSlots } from './upload';

const tooManyUploads = (seconds: number) =>
  tooManyRequests(
    `Du har läst in många filer på kort tid. Försök igen om ${seconds} ${seconds === 1 ? 'sekund' : 'sekunder'}.`,
    seconds,
  );

/**
 * Reads the file of a route that takes one, once the upload is admitted, and hands it to `take`.
 * The file is stored as it arrives; unless `take` kept it (a committed row names it), it is
 * removed again before the answer goes, whatever the answer: no refused upload leaves bytes.
 */
export type ReceiveUpload = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  take: (upload: Upload) => Promise<T>,
) => Promise<T>;

/**
 * The upload routes' way in: one per app, so that a new import and a replaced file count against
 * the same limits.
 */
export function uploadReceiver(deps: AppDeps): ReceiveUpload {
  const { db, config } = deps;
  const uploadSlots = new UploadSlots(config.UPLOADS_MAX_CONCURRENT);

  // Uploads per user through a session, per instance, as API keys have per key (apiKeys/bearer.ts).
  const uploadRate = new KeyRateLimiter({
    perMinute: config.UPLOAD_RATE_PER_MINUTE,
    burst: config.UPLOAD_RATE_BURST,
  });
  /** Refuses an upload before its file is read: too many by this signed-in user, or too many files waiting. */
  const admitUpload = async (request: FastifyRequest, auth: AuthContext) => {
    if (request.apiKey === null) {
      const wait = uploadRate.take(String(auth.userId), deps.clock.now().getTime());
      if (wait > 0) throw tooManyUploads(wait);
    }
    // The transaction that makes the import pending counts again (commands.ts); this spares the upload.
    if (await pendingValidationsFull(db, config, auth.organizationId))
      answer(tooManyPendingValidations(config.IMPORT_MAX_PENDING_VALIDATIONS));
  };

  return async (request, reply, take) => {
    await admitUpload(request, requireAuth(request));
    uploadSlots.take(reply);
    const upload = await readUpload(request, deps);
    try {
      return await take(upload);
    } finally {
      await upload.file.discard();
    }
  };
}

import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/**
 * Which proxies may name the client's host and scheme (X-Forwarded-*), as Fastify's `trustProxy`
 * takes it: `false` (none: the default), `true` (any: only when nothing can reach the server but
 * the proxy), a hop count, or a comma-separated list of addresses, CIDR ranges and the names
 * `loopback`, `linklocal`, `uniquelocal`.
 */
const trustProxySetting = z
  .string()
  .trim()
  .default('false')
  .transform((value, context): boolean | number | string[] => {
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d{1,3}$/.test(value)) return Number(value);
    const addresses = value.split(',').map((part) => part.trim());
    if (addresses.every((address) => isAddressOrRange(address))) return addresses;
    context.addIssue({
      code: 'custom',
      message:
        'ska vara false, true, ett antal proxyled eller adresser (CIDR, loopback) åtskilda med kommatecken',
    });
    return z.NEVER;
  });

/** proxy-addr's names for ranges: 127.0.0.0/8 and ::1, 169.254.0.0/16 and fe80::/10, private ranges. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(value: string): boolean {
  if (namedRanges.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/** An optional setting: an empty value counts as not set. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const optionalUrl = optional(z.url());

/** Every setting of the server, read from the environment and checked at start. `.env.example` lists them. */
/**
 * Requests per API key and instance: a bucket of `burst` refilled at `perMinute` (decision 0019).
 * The defaults live here, not with the limiter, so that the settings import nothing of a feature.
 */
export const API_KEY_RATE = { perMinute: 600, burst: 120 } as const;

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where the built SPA is (the e2e runs of parallel work use their own). */
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
  ENABLE_TESTABILITY: booleanFlag,
  TRUST_PROXY: trustProxySetting,
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** How often the SPA asks how long its session lasts (the ping tells it); the warning comes at 300 s left. */
  SESSION_PING_SECONDS: z.coerce.number().int().positive().max(300).default(30),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Hjälpmedelsdatabasen <noreply@hjalpmedelsdatabasen.se>'),
  V1_APP_URL: optionalUrl,
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  JOB_POLL_MS: z.coerce.number().int().positive().default(500),
  /** Uploads one instance receives at once; one more is answered 503 before its body is read. */
  UPLOADS_MAX_CONCURRENT: z.coerce.number().int().positive().default(4),
  /** A request body other than an upload must have arrived within this (else 408). */
  REQUEST_BODY_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /** An upload must average this many bytes a second once UPLOAD_MIN_RATE_GRACE_SECONDS have passed (else 408). */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .positive()
    .default(32 * 1024),
  UPLOAD_MIN_RATE_GRACE_SECONDS: z.coerce.number().positive().default(30),
  // Requests per API key and instance: a bucket of BURST refilled at PER_MINUTE (docs/api-keys.md).
  API_KEY_RATE_PER_MINUTE: z.coerce.number().int().positive().default(API_KEY_RATE.perMinute),
  API_KEY_RATE_BURST: z.coerce.number().int().positive().default(API_KEY_RATE.burst),
  WORKER_HEAP_MB: z.coerce.number().int().positive().default(512),
  WORKER_DEADLINE_SECONDS: z.coerce.number().positive().default(120),
  /** The Excel worker pool: at most this many threads, and this much heap (their limits summed). */
  WORKER_POOL_SIZE: z.coerce.number().int().positive().default(2),
  WORKER_POOL_MEMORY_MB: z.coerce.number().int().positive().default(1024),
  /** Downloads waiting for a worker at once, and how long each waits before a 503. */
  WORKER_POOL_QUEUE: z.coerce.number().int().min(0).default(10),
  WORKER_POOL_WAIT_SECONDS: z.coerce.number().min(0).default(30),
  /** A job running longer than this no longer holds the instance's job queue. */
  JOB_QUEUE_BUDGET_SECONDS: z.coerce.number().positive().default(10),
  /** Jobs one instance runs at once, at most (and never more than the worker pool's threads). */
  JOB_MAX_CONCURRENT: z.coerce.number().int().positive().default(availableParallelism()),
  /** A job's claim without renewal; a crashed instance's job is taken up again after it. */
  JOB_LEASE_SECONDS: z.coerce.number().min(1).default(20),
  /** Imports of one organisation in VALIDATION_PENDING at once; a further upload gets 429. */
  IMPORT_MAX_PENDING_VALIDATIONS: z.coerce.number().int().positive().default(10),
  /**
   * A validation that took longer than this (from when it was asked for) mails its end to the
   * user who asked; 0 mails every one. A validation asked for with an API key always does.
   */
  VALIDATION_MAIL_AFTER_SECONDS: z.coerce.number().min(0).default(30),
  /** The summary offers corrections in the browser for a file with at most this many errors. */
  CORRECTIONS_MAX_ERRORS: z.coerce.number().int().positive().default(1000),
  // Uploads per signed-in user and instance through a session (API keys have their own limit).
  UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  UPLOAD_RATE_BURST: z.coerce.number().int().positive().default(10),
  /** Hours a validated, unconfirmed import keeps its results and file; then the file must be uploaded again. */
  UNCONFIRMED_DETAILS_HOURS: z.coerce.number().positive().default(72),
  /** Days an ended import keeps its uploaded file's bytes (its summary, details and history stay). */
  UPLOADED_FILE_RETENTION_DAYS: z.coerce.number().positive().default(90),
  /** Risk rules of an import (priceListFile/riskRules.ts): a price change beyond ± this per cent is a risk. */
  RISK_PRICE_CHANGE_PERCENT: z.coerce.number().positive().default(25),
  /** Removing at least this per cent of a future price list's rows is a risk (any removal from a current one is). */
  RISK_FUTURE_REMOVAL_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** Emptying stored values of one column in at least this many rows, or this per cent of the list's rows, is a risk. */
  RISK_CLEARED_ROWS: z.coerce.number().int().positive().default(10),
  RISK_CLEARED_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /**
   * Webhooks (docs/api-webhooks.md): the key that encrypts the endpoints' signing secrets, 32
   * bytes in base64 (`openssl rand -base64 32`). Without it, development and tests keep a key of
   * their own in DATA_DIR; production refuses to add endpoints.
   */
  WEBHOOKS_SECRET_KEY: optional(
    z
      .string()
      .trim()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'ska vara 32 byte i base64'),
  ),
  /** Lets an endpoint be http:// on loopback (development and tests only); never other private addresses. */
  WEBHOOKS_ALLOW_LOOPBACK: booleanFlag,
  /** A delivery that has no 2xx answer within this fails (and is tried again later). */
  WEBHOOKS_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  /** A delivery is tried again with back-off for this long after its first attempt, then marked failed. */
  WEBHOOKS_RETRY_HOURS: z.coerce.number().positive().default(24),
  /** Deliveries one instance sends at once. */
  WEBHOOKS_MAX_CONCURRENT: z.coerce.number().int().positive().default(8),
  /** Deliveries to one endpoint in flight at once, over every instance (decision 0045). */
  WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT: z.coerce.number().int().positive().default(2),
  /** Test events one endpoint may be sent in any 60 seconds; a further one gets 429. */
  WEBHOOKS_TEST_EVENTS_PER_MINUTE: z.coerce.number().int().positive().default(5),
  /** Without it, GET /metrics answers 404; with it, only a caller sending it as a Bearer token. */
  METRICS_TOKEN: optional(z.string().min(16)),
});

export type Config = z.infer<typeof ConfigSchema> & { publicUrl: string; isDevelopment: boolean };

export class ConfigError extends Error {}

/** Reads the configuration; a bad value throws one line that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Ogiltig konfiguration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const config = parsed.data;
  // The testability routes wipe every import and session without a session: never in production.
  if (config.NODE_ENV === 'production' && config.ENABLE_TESTABILITY)
    throw new ConfigError(
      'Ogiltig konfiguration: ENABLE_TESTABILITY=true är inte tillåtet när NODE_ENV=production.',
    );
  if (config.NODE_ENV === 'production' && config.WEBHOOKS_ALLOW_LOOPBACK)
    throw new ConfigError(
      'Ogiltig konfiguration: WEBHOOKS_ALLOW_LOOPBACK=true är inte tillåtet när NODE_ENV=production.',
    );
  if (config.WORKER_POOL_MEMORY_MB < config.WORKER_HEAP_MB)
    throw new ConfigError(
      'Ogiltig konfiguration: WORKER_POOL_MEMORY_MB måste vara minst WORKER_HEAP_MB (en arbetstråds minne).',
    );
  return {
    ...config,
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    isDevelopment: config.NODE_ENV !== 'production',
  };
}

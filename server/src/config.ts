import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());

/** Every setting of the server, read from the environment and checked at start. `.env.example` lists them. */
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
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Hjälpmedelsdatabasen <noreply@hjalpmedelsdatabasen.se>'),
  V1_APP_URL: optionalUrl,
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  JOB_POLL_MS: z.coerce.number().int().positive().default(500),
  WORKER_HEAP_MB: z.coerce.number().int().positive().default(512),
  WORKER_DEADLINE_SECONDS: z.coerce.number().positive().default(120),
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
  return {
    ...config,
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    isDevelopment: config.NODE_ENV !== 'production',
  };
}

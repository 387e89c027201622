import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { sql } from 'kysely';
import { apiKeyRoutes } from './apiKeys/routes';
import type { AppDeps } from './appDeps';
import { authRoutes } from './auth/routes';
import { dashboardRoutes } from './dashboard/routes';
import { answerFrameworkError, errorBody, forbidden, registerErrorHandling } from './errors';
import { registerBodyTimeouts, requestTimeoutMs } from './http/bodyTimeouts';
import { registerSessions } from './identity/session';
import { importRoutes } from './imports/http/routes';
import { registerMetrics } from './metrics/metrics';
import { registerOpenApi } from './openapi/document';
import { REFERENCE_PAGE_PATH, registerReferencePage } from './openapi/referencePage';
import { openApiRoutes } from './openapi/routes';
import { createLoginHousekeeping } from './operations/housekeeping';
import { organizationRoutes } from './organizations/routes';
import { priceChangeRoutes } from './priceChanges/routes';
import { pricelistRoutes } from './pricelists/routes';
import { testabilityRoutes } from './testability/routes';
import { textRoutes } from './texts/routes';
import { webhookRoutes } from './webhooks/routes';

export const API_PREFIX = '/resources/v1';
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Builds the whole HTTP application: plugins in one visible order, then the API, then the SPA. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    // Off by default: forwarded headers from anyone could otherwise pass the Origin check below.
    trustProxy: config.TRUST_PROXY as FastifyServerOptions['trustProxy'],
    // Fastify sets none: a backstop behind registerBodyTimeouts.
    requestTimeout: requestTimeoutMs(config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // First, so its timing hook sees every route.
  registerMetrics(app, deps);
  // Before any hook that may answer without reading the body: it watches the body all the same.
  registerBodyTimeouts(app, config);

  // The security headers, built once: @fastify/helmet built helmet's middleware (and parsed the
  // CSP) again on every request, ~4 % of an API request's CPU.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isDevelopment ? null : [],
      },
    },
    // The reset link carries its token in the query: never leak it as a referrer.
    referrerPolicy: { policy: 'no-referrer' },
    hsts: config.isDevelopment ? false : { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, () => done()),
  );
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

  // A state-changing request from a foreign page is refused (docs/product.md, "Security rules").
  const ownOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const requestOrigin = `${request.protocol}://${request.host}`;
    if (origin !== ownOrigin && origin !== requestOrigin)
      throw forbidden('Begäran kommer från en annan webbplats.');
  });
  registerSessions(app, deps);
  // Before the routes: it collects them as they are added (the document covers API_PREFIX only).
  await registerOpenApi(app, config, API_PREFIX);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(
    async (api) => {
      authRoutes(api, deps, createLoginHousekeeping(deps));
      apiKeyRoutes(api, deps);
      webhookRoutes(api, deps);
      organizationRoutes(api, deps);
      priceChangeRoutes(api, deps);
      pricelistRoutes(api, deps);
      importRoutes(api, deps);
      dashboardRoutes(api, deps);
      textRoutes(api, deps);
      testabilityRoutes(api, deps);
      openApiRoutes(api);
    },
    { prefix: API_PREFIX },
  );
  await registerReferencePage(app, deps, `${API_PREFIX}/openapi.json`);

  await registerSpa(app, deps);
  return app;
}

/** Serves the built SPA; every client route (deep links included) answers with index.html. */
async function registerSpa(app: FastifyInstance, { config }: AppDeps) {
  const webRoot = path.resolve(projectRoot, config.WEB_DIST_DIR);
  const hasBuild = existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname.startsWith(`${API_PREFIX}/`) || pathname === API_PREFIX;
    // The API reference's files are the server's own too: an unknown one is not a client route.
    const isReferenceFile = pathname.startsWith(`${REFERENCE_PAGE_PATH}/`);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApi || isReferenceFile) {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Hittades inte.'));
    }
    if (config.V1_APP_URL && pathname.startsWith('/v1/')) {
      return reply.redirect(new URL(request.url, config.V1_APP_URL).toString());
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Webbappen är inte byggd. Kör npm run build.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config';

/**
 * JSON logs. A request is logged by method and path only: query strings can hold reset tokens,
 * and cookie and authorization headers are never logged.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'password',
        'newPassword',
        'token',
        '*.password',
        '*.newPassword',
        '*.token',
        'req.headers.cookie',
      ],
      censor: '[dold]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        id: request.id,
        method: request.method,
        path: request.url.split('?')[0],
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: pino.stdSerializers.err,
    },
  });
}

import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config';

/**
 * JSON logs. A request is logged by method and path only: query strings can hold reset tokens,
 * and cookie and authorization headers are never logged.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
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
  };
  // A destination other than stdout is for tests that read what is logged.
  return destination ? pino(options, destination) : pino(options);
}

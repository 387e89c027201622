import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the receiver does with a request: answer with a status, or never answer (a timeout). */
export type ReceiverAnswer = number | 'hang';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
  at: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hooks */
  url: string;
  received: ReceivedWebhook[];
  /** The answers to the next requests, in order; after them every request gets `fallback`. */
  answers: ReceiverAnswer[];
  fallback: ReceiverAnswer;
  /** The next request that arrives (or has arrived and not been taken yet). */
  next(timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** A real HTTP server on loopback that records the webhooks it receives and answers as told. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<ServerResponse>();
  let taken = 0;
  const waiters: Array<() => void> = [];
  const receiver: WebhookReceiver = {
    url: '',
    received,
    answers: [],
    fallback: 204,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error('no webhook arrived');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received[taken++]!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '',
        at: Date.now(),
      });
      for (const wake of waiters.splice(0)) wake();
      const answer = receiver.answers.shift() ?? receiver.fallback;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      if (answer >= 300 && answer < 400) response.setHeader('location', '/elsewhere');
      response.statusCode = answer;
      response.end(answer >= 400 ? 'nej' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

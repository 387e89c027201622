import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The decoded text body. */
  text: string;
  /** The message as it came over SMTP. */
  raw: string;
}

export interface TestMailbox {
  /** For `SMTP_URL`: plain SMTP on loopback, no authentication. */
  url: string;
  received: ReceivedMail[];
  /** The next mail that arrives (or has arrived and not been taken yet). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; on a random port unless given one. */
export async function startTestMailbox(listenPort = 0): Promise<TestMailbox> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        received.push({
          ...parseMessage(raw),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= received.length) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no mail arrived');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received[taken++]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for the single-part text mails the server sends (an .eml file too). */
export function parseMessage(message: string): { subject: string; text: string } {
  const raw = message.replace(/\r?\n/g, '\r\n');
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body, 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body.replace(/=\r\n/g, ''))
        : Buffer.from(body, 'latin1');
  return { subject: decodeWords(header('Subject')), text: bytes.toString('utf8').replace(/\r\n/g, '\n') };
}

function quotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words, as nodemailer writes a subject with å, ä and ö. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_match, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : quotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when `SMTP_URL` is set. Otherwise (development) each mail is written as an .eml file to
 * `DATA_DIR/outbox` and a log line says where, without the mail's content (it holds the token).
 * Both go through nodemailer, so the outbox file is the same message SMTP would carry.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
      },
    };
  }
  const outbox = path.resolve(config.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const { message: eml } = await transport.sendMail({ from: config.MAIL_FROM, ...message });
      mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      writeFileSync(file, eml as Buffer);
      logger.info({ file }, 'mail written to the outbox (no SMTP_URL configured)');
    },
  };
}

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
 * SMTP when `SMTP_URL` is set. Otherwise (development) each mail is written as a file to
 * `DATA_DIR/outbox` and a log line says where, without the mail's content (it holds the token).
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
  return {
    async send(message) {
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}.eml`);
      writeFileSync(
        file,
        `From: ${config.MAIL_FROM}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`,
      );
      logger.info({ file }, 'mail written to the outbox (no SMTP_URL configured)');
    },
  };
}

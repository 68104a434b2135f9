import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyInstance } from 'fastify';

/** Where e-mails go: a file per message in `${dataDir}/outbox` by default, SMTP when configured. */
export interface EmailMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface EmailTransport {
  send(msg: EmailMessage): Promise<void>;
}

const FROM_DEFAULT = 'Tourdesk <no-reply@tourdesk.invalid>';

/** Builds the RFC 822 message with nodemailer and writes it to `${dir}/<id>.eml`; no dir: keeps nothing
 *  (the outbox table is the record). */
export function fileTransport(dir: string | null): EmailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(msg) {
      if (!dir) return;
      const info = await composer.sendMail({ from: msg.from, to: msg.to, subject: msg.subject, text: msg.text });
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${msg.id}.eml`), info.message as Buffer);
    },
  };
}

export function smtpTransport(url: string): EmailTransport {
  const smtp = nodemailer.createTransport(url);
  return {
    async send(msg) {
      await smtp.sendMail({
        from: msg.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        messageId: `<${msg.id}@tourdesk>`,
      });
    },
  };
}

const transports = new WeakMap<FastifyInstance, EmailTransport>();

/** The app's transport: SMTP_URL when set, else the outbox folder under DATA_DIR. */
export function transportOf(app: FastifyInstance): EmailTransport {
  let t = transports.get(app);
  if (!t) {
    const { smtpUrl, dataDir } = app.config;
    t = smtpUrl ? smtpTransport(smtpUrl) : fileTransport(dataDir ? join(dataDir, 'outbox') : null);
    transports.set(app, t);
  }
  return t;
}

/** Replaces the app's transport (tests, or another mail service). */
export function setTransport(app: FastifyInstance, transport: EmailTransport): void {
  transports.set(app, transport);
}

export const senderAddress = () => process.env.MAIL_FROM?.trim() || FROM_DEFAULT;

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import type { InlineImage } from './banner';
import { LOGO_CID } from './html';

/** Where e-mails go: SMTP (SMTP_URL, pooled connections) when configured, else a file per message
 *  in `${DATA_DIR}/outbox`. */
export interface OutgoingMail {
  /** The outbox row's id: the file name, and the Message-ID a receiver can de-duplicate by. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The team logo as a data URL, attached as cid:team-logo@tourdesk when the HTML shows it. */
  logo: string | null;
  /** Uploaded images of the e-mail banner, attached under their cid. */
  images?: InlineImage[];
}

const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', 'svg+xml': 'svg' };
const fileNameOf = (name: string, dataUrl: string) =>
  `${name}.${EXTENSIONS[/^data:image\/([a-z+]+)/.exec(dataUrl)?.[1] ?? ''] ?? 'jpg'}`;

export interface EmailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const FROM_DEFAULT = 'Tourdesk <no-reply@tourdesk.invalid>';

export const senderAddress = () => process.env.MAIL_FROM?.trim() || FROM_DEFAULT;

function mailOptions(mail: OutgoingMail): SendMailOptions {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.id}@tourdesk>`,
    attachments: [
      ...(mail.logo && mail.html.includes(`cid:${LOGO_CID}`)
        ? [{ cid: LOGO_CID, path: mail.logo, filename: fileNameOf('logo', mail.logo) }]
        : []),
      ...(mail.images ?? []).map((image, i) => ({
        cid: image.cid,
        path: image.dataUrl,
        filename: fileNameOf(`ad-${i + 1}`, image.dataUrl),
      })),
    ],
  };
}

/** Builds the RFC 822 message with nodemailer and writes it to `${dir}/<id>.eml`; no dir (in
 *  memory): keeps nothing, the outbox table is the record. */
export function fileTransport(dir: string | null): EmailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      if (!dir) return;
      const info = await composer.sendMail(mailOptions(mail));
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${mail.id}.eml`), info.message as Buffer);
    },
    close: () => composer.close(),
  };
}

/** Pooled SMTP: a few connections kept open and reused for many messages (what the URL says wins).
 *  Timeouts well under the worker's lease, so a hung server fails the attempt instead of holding
 *  the message. */
export function smtpTransport(url: string, maxConnections = 5): EmailTransport {
  const smtp = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections,
    maxMessages: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await smtp.sendMail(mailOptions(mail));
    },
    close: () => smtp.close(),
  };
}

/** SMTP_URL when set, else the outbox folder under DATA_DIR (nothing kept when in memory). */
export function configuredTransport(config: Pick<Config, 'smtpUrl' | 'dataDir'>): EmailTransport {
  if (config.smtpUrl) return smtpTransport(config.smtpUrl);
  return fileTransport(config.dataDir ? join(config.dataDir, 'outbox') : null);
}

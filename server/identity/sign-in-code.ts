import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { senderAddress, smtpTransport, type EmailTransport } from '../email/transport';
import { replaceSignInCode, useSignInCode } from '../repo/sign-in-codes';
import { findIdentity, type Identity } from './accounts';
import { escapeHtml } from './pages';

/**
 * The embedded provider's sign-in in production: a 6-digit code e-mailed to the address, valid for
 * one provider interaction, 10 minutes, one use and at most 5 wrong tries. Every address gets the
 * same treatment up to the e-mail, which goes only to one that may sign in: an address nobody
 * knows gets a code row too, with a hash no code matches.
 */
export const CODE_TTL_MINUTES = 10;

/** Sends sign-in codes straight through SMTP_URL (not the outbox: a code is worth nothing late). */
export interface CodeMailer {
  send(to: string, code: string): Promise<void>;
  close(): void;
}

export function codeMailer(smtpUrl: string): CodeMailer {
  let transport: EmailTransport | null = null;
  return {
    async send(to, code) {
      transport ??= smtpTransport(smtpUrl, 2);
      const text =
        `Your Tourdesk sign-in code is ${code}\n\n` +
        `It works once, for ${CODE_TTL_MINUTES} minutes, in the browser where you asked for it.\n` +
        'If you did not ask for it, ignore this e-mail: nobody can sign in without the code.\n';
      const html =
        `<p>Your Tourdesk sign-in code is</p><p style="font-size:24px;font-weight:700;letter-spacing:4px">${escapeHtml(code)}</p>` +
        `<p>It works once, for ${CODE_TTL_MINUTES} minutes, in the browser where you asked for it.</p>` +
        '<p>If you did not ask for it, ignore this e-mail: nobody can sign in without the code.</p>';
      await transport.send({
        id: randomUUID(),
        from: senderAddress(),
        to,
        subject: 'Your Tourdesk sign-in code',
        text,
        html,
        logo: null,
      });
    },
    close: () => transport?.close(),
  };
}

/** Keyed with the token secret, so a copy of the table alone does not give the codes away. */
function hashCode(config: Pick<Config, 'tokenSecret'>, interactionUid: string, code: string): string {
  return createHmac('sha256', config.tokenSecret).update(`${interactionUid}:${code}`).digest('hex');
}

/**
 * Stores a new code for the interaction (ending its previous one) and, when the address may sign
 * in, e-mails it without waiting for the SMTP server: the answer takes as long for any address.
 */
export async function requestCode(
  db: Db,
  config: Pick<Config, 'tokenSecret' | 'mode'>,
  mailer: CodeMailer,
  { interactionUid, email, onSendError }: { interactionUid: string; email: string; onSendError: (err: Error) => void },
): Promise<void> {
  const identity = await findIdentity(db, email, config.mode);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await replaceSignInCode(db, {
    id: randomUUID(),
    email,
    interactionUid,
    codeHash: identity ? hashCode(config, interactionUid, code) : `none:${randomBytes(16).toString('hex')}`,
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
  });
  if (identity) mailer.send(identity.email, code).catch(onSendError);
}

/** Whom a typed code signs in: the identity of the interaction's live code when it matches, else undefined. */
export async function checkCode(
  db: Db,
  config: Pick<Config, 'tokenSecret' | 'mode'>,
  interactionUid: string,
  typed: string,
): Promise<Identity | undefined> {
  const code = typed.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) return undefined;
  const email = await useSignInCode(db, interactionUid, hashCode(config, interactionUid, code));
  // still allowed now (an invitation may have been revoked since the code was sent)
  return email ? findIdentity(db, email, config.mode) : undefined;
}

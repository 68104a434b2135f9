import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceivedMail } from '../server/smtp-receiver';

/**
 * What the e2e suite's SMTP receiver got, for the browser tests: the global setup serves it as
 * JSON on loopback (GET /messages), the tests read it by recipient.
 */
export interface Mail {
  /** RCPT TO addresses of the envelope. */
  to: string[];
  /** The To header as written. */
  toHeader: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

const toMail = ({ to, mail }: ReceivedMail): Mail => ({
  to,
  toHeader: [mail.to ?? []]
    .flat()
    .map((a) => a.text)
    .join(', '),
  subject: mail.subject ?? '',
  text: mail.text ?? '',
  html: typeof mail.html === 'string' ? mail.html : '',
  messageId: mail.messageId ?? '',
});

export async function serveMailbox(received: ReceivedMail[]): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/messages') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(received.map(toMail)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The messages that arrived for an address so far. */
export async function mailTo(mailboxUrl: string, address: string): Promise<Mail[]> {
  const all = (await (await fetch(`${mailboxUrl}/messages`)).json()) as Mail[];
  return all.filter((m) => m.to.includes(address));
}

/** Resolves once `count` messages arrived for the address; fails after timeoutMs. */
export async function waitForMail(mailboxUrl: string, address: string, count = 1, timeoutMs = 10_000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailTo(mailboxUrl, address);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} messages arrived for ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

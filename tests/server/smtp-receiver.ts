import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps what it receives, parsed with mailparser. */
export interface ReceivedMail {
  /** RCPT TO addresses of the envelope. */
  to: string[];
  mail: ParsedMail;
}

export interface SmtpReceiver {
  port: number;
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived in all; fails after timeoutMs. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  /** Port to listen on (0: any free one). */
  port?: number;
  /** Recipients refused at RCPT TO with 550 (a permanent failure). */
  refuse?: (address: string) => boolean;
  /** Takes this long to accept each message (a slow provider, for shutdowns mid-batch). */
  delayMs?: number;
}

export async function startReceiver(opts: ReceiverOptions = {}): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    // each test's pool opens a few connections at once
    maxClients: 50,
    // pooled clients keep their connections open: do not wait long for them on close
    closeTimeout: 1000,
    onRcptTo(address, _session, callback) {
      if (opts.refuse?.(address.address)) {
        const err = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      // keepCidLinks: show the HTML as sent (img src="cid:..."), not with the attachments inlined
      simpleParser(stream, { keepCidLinks: true }).then(
        (mail) =>
          setTimeout(() => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
            for (const w of waiting.filter((x) => received.length >= x.count)) w.resolve();
            callback();
          }, opts.delayMs ?? 0),
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  // a sender killed in the middle of a message resets its connection: expected, not a failure
  server.on('error', () => undefined);
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} messages arrived within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that takes `delayMs` to accept each message, and counts what arrives
 *  by Message-ID (a message sent twice shows up twice). */
export interface SlowSmtp {
  url: string;
  /** Message-IDs in the order they were accepted. */
  received: string[];
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSlowSmtp(delayMs: number): Promise<SlowSmtp> {
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    maxClients: 50,
    closeTimeout: 1000,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) =>
          setTimeout(() => {
            received.push(mail.messageId ?? '');
            callback();
          }, delayMs),
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // the tests kill servers in the middle of a message: a reset connection is expected, not a failure
  server.on('error', () => undefined);
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${received.length} of ${count} messages arrived within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { purgeStaleRecords } from '../housekeeping';
import { claim, orderStatuses, purgeRequests, type ClaimedMessage } from '../repo/outbox';
import { bannerImages } from './banner';
import { mailParts, senders } from './letterhead';
import { LOGO_CID } from './html';
import { recordOutcome, type Failure, type Withdrawal } from './outbox';
import { senderAddress, type EmailTransport } from './transport';

/**
 * The delivery worker of one server process: claims due messages from the outbox, hands them to
 * the transport side by side (the SMTP pool spreads them over its connections), and records each
 * outcome. A transient failure is retried with exponential backoff up to maxAttempts; a permanent
 * one (the server refused the message or the address) fails at once. Several workers, in one
 * process or many, share the queue: each message is claimed by one of them at a time.
 *
 * Each outcome is recorded as it happens (outcomeRecorder). A message is sent at most once unless
 * a process dies after the mail server accepted it and before its outcome was written (the window
 * of one write): then it is sent again when the lease runs out, with the same Message-ID. A process
 * told to stop claims nothing more and finishes the claim under way first (stop()).
 */
export interface EmailWorkerOptions {
  /** Messages claimed at once. */
  batchSize?: number;
  /** How long a claim holds its messages; a dead worker's messages are taken over after it. */
  leaseMs?: number;
  /** How often to look for due messages when not woken. */
  pollMs?: number;
  /** Attempts before a message fails for good. */
  maxAttempts?: number;
  /** Delay before the first retry; doubled each time, up to maxBackoffMs (each +-20% jitter). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Days an Idempotency-Key's answer is kept. */
  keepRequestsDays?: number;
  log?: { error(msg: string): void };
}

export interface EmailWorker {
  /** Look for due messages now (after a send request queued some). */
  wake(): void;
  /** Claims nothing more, finishes the claim under way (each outcome recorded), then resolves;
   *  the transport is not closed. */
  stop(): Promise<void>;
}

const DEFAULTS = {
  batchSize: 50,
  leaseMs: 5 * 60_000,
  pollMs: 1000,
  maxAttempts: 6,
  backoffMs: 5000,
  maxBackoffMs: 15 * 60_000,
  keepRequestsDays: 7,
};

interface SmtpFault {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** A 5xx reply (address or message refused) or a malformed envelope will fail every time. */
function isPermanent(err: unknown): boolean {
  const e = err as SmtpFault;
  if (typeof e.responseCode === 'number') return e.responseCode >= 500;
  return e.code === 'EENVELOPE' || e.code === 'EMESSAGE';
}

/** Why a message of a deleted order failed (its Emails list shows it once the order is restored). */
export const ORDER_DELETED = 'Not sent: the order was deleted before the message went out';

/** Why a message of a cancelled order was withdrawn (a cancellation notice still goes). */
export const ORDER_CANCELED = 'Withdrawn: the order was cancelled before the message went out';

function reasonOf(err: unknown): string {
  const e = err as SmtpFault;
  return (e.response || e.message || String(err)).slice(0, 1000);
}

/**
 * Records each message's outcome as soon as it is known, not once the whole claim is through: a
 * process told to stop (or dying) while a slow mail server still holds part of a claim has already
 * recorded every message that went out, so none of them is sent again when the lease runs out.
 * Outcomes that arrive while a write is under way go together in the next one.
 */
function outcomeRecorder(db: Db, token: string) {
  let sent: ClaimedMessage[] = [];
  let failed: Failure[] = [];
  let withdrawn: Withdrawal[] = [];
  let writing: Promise<void> = Promise.resolve();
  let queued = false;
  let error: unknown = null;

  const flush = async () => {
    queued = false;
    const batch = { sent, failed, withdrawn };
    sent = [];
    failed = [];
    withdrawn = [];
    try {
      await recordOutcome(db, token, batch.sent, batch.failed, batch.withdrawn);
    } catch (err) {
      error ??= err;
    }
  };
  const schedule = () => {
    if (queued) return;
    queued = true;
    writing = writing.then(flush);
  };
  return {
    sent(m: ClaimedMessage) {
      sent.push(m);
      schedule();
    },
    failed(f: Failure) {
      failed.push(f);
      schedule();
    },
    withdrawn(w: Withdrawal) {
      withdrawn.push(w);
      schedule();
    },
    /** Resolves once every outcome is written; throws the first write's error, if one failed. */
    async done() {
      await writing;
      if (error !== null) throw error;
    },
  };
}

export function startEmailWorker(db: Db, transport: EmailTransport, options: EmailWorkerOptions = {}): EmailWorker {
  const opts = { ...DEFAULTS, ...options };
  const log = options.log ?? console;
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let lastPurge = 0;

  const backoff = (attempts: number) => {
    const base = Math.min(opts.maxBackoffMs, opts.backoffMs * 2 ** (attempts - 1));
    return base * (0.8 + Math.random() * 0.4);
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(done, opts.pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function deliver(batch: ClaimedMessage[], token: string): Promise<void> {
    // name, logo and e-mail banner by team, read once per claim, for the HTML part
    const teams = await senders(db, [...new Set(batch.map((m) => m.teamId))]);
    const from = senderAddress();
    const record = outcomeRecorder(db, token);
    // the outbox looks at each order before it sends: a message about an order deleted since it
    // was queued is not sent (restoring the order does not send it), and one about an order
    // cancelled since (by the channel, say) is withdrawn, unless it is the cancellation notice
    const status = await orderStatuses(db, [...new Set(batch.flatMap((m) => (m.orderId ? [m.orderId] : [])))]);
    await Promise.all(
      batch.map(async (m) => {
        if (m.orderId && !status.has(m.orderId)) {
          record.failed({ message: m, reason: ORDER_DELETED, retryInMs: null });
          return;
        }
        if (m.orderId && status.get(m.orderId) === 'canceled' && m.type !== 'CANCELLATION') {
          record.withdrawn({ message: m, reason: ORDER_CANCELED });
          return;
        }
        if (m.attempts > opts.maxAttempts) {
          // claimed again after its worker died, too many times
          record.failed({ message: m, reason: `Gave up after ${m.attempts - 1} attempts`, retryInMs: null });
          return;
        }
        try {
          const { id, recipient: to, subject, text } = m;
          const sender = teams.get(m.teamId) ?? { name: '', logo: null, banner: [] };
          // the team's ads go with its messages to customers, not with an invitation to a colleague
          const team = m.orderId === null ? { ...sender, banner: [] } : sender;
          const parts = mailParts(team, team.logo ? `cid:${LOGO_CID}` : null, text, 'attached');
          await transport.send({ id, from, to, subject, ...parts, logo: team.logo, images: bannerImages(team.banner) });
          record.sent(m);
        } catch (err) {
          const last = isPermanent(err) || m.attempts >= opts.maxAttempts;
          record.failed({ message: m, reason: reasonOf(err), retryInMs: last ? null : backoff(m.attempts) });
        }
      }),
    );
    await record.done();
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      woken = false;
      try {
        const token = randomUUID();
        const batch = await claim(db, token, opts.batchSize, opts.leaseMs);
        if (batch.length > 0) {
          await deliver(batch, token);
          continue;
        }
        if (Date.now() - lastPurge > 3_600_000) {
          lastPurge = Date.now();
          await purgeRequests(db, opts.keepRequestsDays);
          await purgeStaleRecords(db);
        }
      } catch (err) {
        if (stopped) break;
        log.error(`E-mail worker: ${(err as Error).message}`);
      }
      await sleep();
    }
  }

  const running = loop();
  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { expireHolds } from '../repo/channel-bookings';

/**
 * The sweeper of channel holds: writes EXPIRED on holds whose time ran out. Capacity does not wait
 * for it (a hold stops counting at its utcExpiresAt, and reads EXPIRED from then on); it keeps the
 * stored status true for the operator's lists and the reseller's. One idempotent UPDATE a round,
 * so any number of server processes may run it on one database.
 */
export interface BookingExpiryOptions {
  /** How often to sweep (ms). */
  intervalMs?: number;
  log?: { error(msg: string): void };
}

export interface BookingExpiry {
  /** Sweep now; resolves with the holds expired. */
  sweep(): Promise<number>;
  /** Finishes the sweep under way, then stops. */
  stop(): Promise<void>;
}

export function startBookingExpiry(db: Db, opts: BookingExpiryOptions = {}): BookingExpiry {
  const intervalMs = opts.intervalMs ?? 15_000;
  const log = opts.log ?? console;
  let running: Promise<number> = Promise.resolve(0);
  let stopped = false;
  const sweep = () => {
    running = running.then(
      () => expireHolds(db),
      () => expireHolds(db),
    );
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) sweep().catch((err: Error) => log.error(`Booking expiry: ${err.message}`));
  }, intervalMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}

/** Runs the sweeper while the app runs (from ready to close). */
export function registerBookingExpiry(app: FastifyInstance, opts: BookingExpiryOptions = {}): void {
  let expiry: BookingExpiry | null = null;
  app.addHook('onReady', async () => {
    expiry = startBookingExpiry(app.db, { log: app.log, ...opts });
  });
  app.addHook('onClose', async () => {
    await expiry?.stop();
    expiry = null;
  });
}

import type { Db } from '../db/client';

/** What /metrics reads from the database at each scrape, in one statement. */
export interface DatabaseFigures {
  /** E-mails by outbox state: queued (waiting or retrying), sending (claimed), failed (gave up). */
  outbox: Record<'queued' | 'sending' | 'failed', number>;
  /** E-mails waiting that failed at least once and will be tried again. */
  outboxRetrying: number;
  /** Channel bookings by status, and holds still holding places (ON_HOLD, not expired). */
  bookings: Record<string, number>;
  activeHolds: number;
}

interface Row {
  kind: 'outbox' | 'retrying' | 'booking' | 'hold';
  label: string;
  n: number;
}

/**
 * Unfinished e-mails come from the outbox's due index (only queued and sending rows are in it);
 * failed e-mails and bookings by status are counts over their tables, which a scrape every 15 s
 * affords at this product's sizes.
 */
export async function databaseFigures(db: Db): Promise<DatabaseFigures> {
  const rows = await db.query<Row>(
    `SELECT 'outbox' AS kind, state AS label, count(*)::int AS n
       FROM email_messages WHERE state IN ('queued', 'sending') GROUP BY state
     UNION ALL
     SELECT 'retrying', '', count(*)::int FROM email_messages WHERE state = 'queued' AND attempts > 0
     UNION ALL
     SELECT 'outbox', 'failed', count(*)::int FROM email_messages WHERE state = 'failed'
     UNION ALL
     SELECT 'booking', status, count(*)::int FROM channel_bookings GROUP BY status
     UNION ALL
     SELECT 'hold', '', count(*)::int FROM channel_bookings WHERE status = 'ON_HOLD' AND utc_expires_at > now()`,
  );
  const figures: DatabaseFigures = {
    outbox: { queued: 0, sending: 0, failed: 0 },
    outboxRetrying: 0,
    bookings: { ON_HOLD: 0, CONFIRMED: 0, EXPIRED: 0, CANCELLED: 0, REDEEMED: 0 },
    activeHolds: 0,
  };
  for (const r of rows) {
    if (r.kind === 'outbox') figures.outbox[r.label as keyof DatabaseFigures['outbox']] = r.n;
    else if (r.kind === 'retrying') figures.outboxRetrying = r.n;
    else if (r.kind === 'booking') figures.bookings[r.label] = r.n;
    else figures.activeHolds = r.n;
  }
  return figures;
}

/**
 * A write the channel sent and we refused (unknown product, option, unit or departure, sold out,
 * past a cut-off, invalid) lands in the inbox with its code, message and the request as received,
 * so an operator sees why the OTA's booking failed. Recorded in a statement of its own, after the
 * refused transaction rolled back. Unauthenticated calls (401/403) never get here: no team is known.
 */
import type { Db } from '../db/client';
import { OctoError } from '../octo/errors';
import { insertInboxItem } from '../repo/inbox';
import type { ChannelCaller } from './keys';

export interface RefusedRequest {
  bookingUuid?: string | null;
  /** The reseller's reference, when the request or the booking names one. */
  reference?: string | null;
  body: unknown;
}

/** Records a refusal; a failure to record never hides the answer the reseller is owed. */
export async function recordRefusal(db: Db, caller: ChannelCaller, err: OctoError, req: RefusedRequest): Promise<void> {
  try {
    await insertInboxItem(db, {
      teamId: caller.teamId,
      kind: 'REFUSED',
      channel: caller.channel,
      source: 'OCTO',
      bookingUuid: req.bookingUuid ?? null,
      reference: req.reference ?? null,
      reason: err.message,
      errorCode: err.code,
      request: req.body ?? {},
    });
  } catch {
    // the refusal is answered either way
  }
}

/** Runs a write; an OCTO refusal (400) of it is recorded, then thrown on. */
export async function refusable<T>(
  db: Db,
  caller: ChannelCaller,
  req: RefusedRequest,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof OctoError && err.status === 400) await recordRefusal(db, caller, err, req);
    throw err;
  }
}

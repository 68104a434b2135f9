import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/client';
import { bearer } from './fixtures';

/** Shared by the e-mail suites: a send request with its Idempotency-Key, and waiting for the worker. */
export function sendEmail(
  app: FastifyInstance,
  type: string,
  payload: unknown,
  token: string,
  key: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/v1/orders/email/${type}`,
    headers: { ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: payload as object,
  });
}

/** Polls until `check` returns a value other than undefined/false; fails after timeoutMs. */
export async function waitUntil<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface MessageRow {
  id: string;
  order_id: string;
  type: string;
  state: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
}

export const messageRows = (db: Db, orderIds: string[]) =>
  db.query<MessageRow>(
    `SELECT id, order_id, type, state, attempts, last_error, next_attempt_at FROM email_messages
      WHERE order_id = ANY($1::text[]) ORDER BY order_id, created_at`,
    [orderIds],
  );

/** Resolves once every message of these orders is sent or failed. */
export const settled = (db: Db, orderIds: string[]) =>
  waitUntil(async () => {
    const rows = await messageRows(db, orderIds);
    return rows.length > 0 && rows.every((r) => r.state === 'sent' || r.state === 'failed') && rows;
  });

export const checkpoints = async (db: Db, id: string) =>
  (
    await db.query<{ email_checkpoints: Record<string, boolean> }>(
      'SELECT email_checkpoints FROM orders WHERE id = $1',
      [id],
    )
  )[0].email_checkpoints;

/** A 1x1 PNG, as a team logo. */
export const PNG_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

import { randomBytes } from 'node:crypto';
import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';

/** Append-only event log: status moves, edits, links, emails and comments, with who and when. */
export type EventType = Schemas['EventLogType'];

export type EventLog = Schemas['EventLog'];

/** What an event is about: an order or a tour by id (as `access` names them). */
export type Subject = { order: string } | { tour: string };

/** A subject's columns of a new event. */
export const subjectOf = (s: Subject): { orderId: string } | { tourId: string } =>
  'order' in s ? { orderId: s.order } : { tourId: s.tour };

export interface NewEvent {
  teamId: string;
  orderId?: string | null;
  tourId?: string | null;
  type: EventType;
  comment?: string | null;
  data?: unknown;
}

export interface Operator {
  userId: string;
  name: string;
}

interface EventRow {
  id: string;
  is_system_event: boolean;
  operated_by_id: string | null;
  operated_by_name: string | null;
  type: EventType;
  comment: string | null;
  timestamp: Date;
  data: unknown;
}

const EVENT_COLUMNS = 'id, is_system_event, operated_by_id, operated_by_name, type, comment, timestamp, data';

/** An edit's `data.changes` ({ field: { from, to } }) as the contract lists them. */
function changesOf(data: unknown): EventLog['changes'] {
  const changes = (data as { changes?: Record<string, { from: unknown; to: unknown }> } | null)?.changes;
  if (!changes || typeof changes !== 'object') return undefined;
  return Object.entries(changes).map(([field, change]) => ({ field, from: change.from, to: change.to }));
}

export function mapEvent(r: EventRow): EventLog {
  const changes = changesOf(r.data);
  return {
    id: r.id,
    isSystemEvent: r.is_system_event,
    operatedBy: r.operated_by_id ? { id: r.operated_by_id, name: r.operated_by_name ?? '' } : null,
    type: r.type,
    comment: r.comment,
    timestamp: r.timestamp.toISOString(),
    ...(changes ? { changes } : {}),
  };
}

const INSERT = `INSERT INTO event_logs
    (id, team_id, order_id, tour_id, type, is_system_event, operated_by_id, operated_by_name, comment, data, timestamp)
  SELECT v.id, v.team_id, v.order_id, v.tour_id, v.type, $8, $9, $10, v.comment, v.data::jsonb, clock_timestamp()
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
      AS v(id, team_id, order_id, tour_id, type, comment, data)`;

function insertParams(by: Operator | null, events: NewEvent[], ids: string[]): unknown[] {
  return [
    ids,
    events.map((e) => e.teamId),
    events.map((e) => e.orderId ?? null),
    events.map((e) => e.tourId ?? null),
    events.map((e) => e.type),
    events.map((e) => e.comment ?? null),
    events.map((e) => (e.data === undefined ? null : JSON.stringify(e.data))),
    by === null,
    by?.userId ?? null,
    by?.name ?? null,
  ];
}

/**
 * A UUID version 7: time first, so the ids of new events land at the right edge of the primary key
 * instead of all over it (a 1,000-order status move inserts 1,000 events at once).
 */
export function eventId(): string {
  const b = randomBytes(16);
  b.writeUIntBE(Date.now(), 0, 6);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Inserts any number of events with one multi-row INSERT. */
export async function appendEvents(db: Db, by: Operator | null, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.query(
    INSERT,
    insertParams(
      by,
      events,
      events.map(() => eventId()),
    ),
  );
}

/** Inserts one event and returns it as the API shows it. */
export async function appendEvent(db: Db, by: Operator | null, event: NewEvent): Promise<EventLog> {
  const [row] = await db.query<EventRow>(
    `${INSERT} RETURNING ${EVENT_COLUMNS}`,
    insertParams(by, [event], [eventId()]),
  );
  return mapEvent(row);
}

/** The timeline of one order or tour, oldest first, and its comments. */
export async function timeline(db: Db, subject: Subject): Promise<{ eventLogs: EventLog[]; comments: EventLog[] }> {
  const [col, id] = 'order' in subject ? ['order_id', subject.order] : ['tour_id', subject.tour];
  const rows = await db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM event_logs WHERE ${col} = $1 ORDER BY timestamp, id`,
    [id],
  );
  const eventLogs = rows.map(mapEvent);
  return { eventLogs, comments: eventLogs.filter((e) => e.type === 'COMMENT') };
}

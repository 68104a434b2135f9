import { randomUUID } from 'node:crypto';
import type { Schemas } from '../../shared/contract';
import type { Role } from '../../shared/statuses';
import type { Db } from '../db/client';

/** The members' history of a team (table member_events): append-only, who did what to whom and when. */
export type MemberEventType = Schemas['MemberEvent']['type'];

export interface NewMemberEvent {
  teamId: string;
  type: MemberEventType;
  /** Who made the change; null for nobody in the app (the admin command). */
  actor: { userId: string; name: string } | null;
  /** The member or invited address the change is about, and the member's name when known. */
  email: string;
  name?: string | null;
  fromRole?: Role | null;
  toRole?: Role | null;
}

export async function appendMemberEvent(tx: Db, e: NewMemberEvent): Promise<void> {
  await tx.query(
    `INSERT INTO member_events (id, team_id, type, actor_id, actor_name, email, name, from_role, to_role)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      randomUUID(),
      e.teamId,
      e.type,
      e.actor?.userId ?? null,
      e.actor?.name ?? null,
      e.email,
      e.name ?? null,
      e.fromRole ?? null,
      e.toRole ?? null,
    ],
  );
}

interface Row {
  id: string;
  type: MemberEventType;
  actor_id: string | null;
  actor_name: string | null;
  email: string;
  name: string | null;
  from_role: Role | null;
  to_role: Role | null;
  created_at: Date;
}

/** The team's latest changes, newest first (at most `limit`). */
export async function memberEventsOf(db: Db, teamId: string, limit = 200): Promise<Schemas['MemberEvent'][]> {
  const rows = await db.query<Row>(
    `SELECT id, type, actor_id, actor_name, email, name, from_role, to_role, created_at
       FROM member_events WHERE team_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [teamId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    actor: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? '' } : null,
    email: r.email,
    name: r.name,
    fromRole: r.from_role,
    toRole: r.to_role,
    timestamp: r.created_at.toISOString(),
  }));
}

import type { Schemas } from '../../shared/contract';
import type { Role } from '../../shared/statuses';
import type { Db } from '../db/client';

/**
 * Invitations to join a team (table invitations): the link's token is only e-mailed, its sha256 is
 * stored. An invitation is open while it is neither accepted nor revoked nor expired; at most one
 * per team and address is unaccepted and unrevoked (a unique index), whether expired or not.
 */
export interface InvitationRow {
  id: string;
  teamId: string;
  teamName: string;
  email: string;
  role: Role;
  invitedBy: string;
  invitedByName: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface NewInvitation {
  id: string;
  teamId: string;
  email: string;
  role: Role;
  tokenHash: string;
  invitedBy: { userId: string; name: string };
  expiresAt: Date;
}

const OPEN = 'i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()';

const COLUMNS = `i.id, i.team_id, t.name AS team_name, i.email, i.role, i.invited_by, i.invited_by_name,
  i.created_at, i.expires_at`;

interface Row {
  id: string;
  team_id: string;
  team_name: string;
  email: string;
  role: Role;
  invited_by: string;
  invited_by_name: string;
  created_at: Date;
  expires_at: Date;
}

const toInvitation = (r: Row): InvitationRow => ({
  id: r.id,
  teamId: r.team_id,
  teamName: r.team_name,
  email: r.email,
  role: r.role,
  invitedBy: r.invited_by,
  invitedByName: r.invited_by_name,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
});

/** The contract's shape of a pending invitation. */
export const invitationView = (i: InvitationRow): Schemas['Invitation'] => ({
  id: i.id,
  email: i.email,
  role: i.role,
  invitedBy: { id: i.invitedBy, name: i.invitedByName },
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});

/** Whether some team has an open invitation for the address (the embedded provider lets it sign in). */
export async function hasOpenInvitation(db: Db, email: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM invitations i WHERE i.email = $1 AND ${OPEN} LIMIT 1`, [
    email.trim().toLowerCase(),
  ]);
  return rows.length > 0;
}

/** Revokes the team's unaccepted, unrevoked invitation of the address (expired or not); its id, if any. */
export async function revokeOlder(tx: Db, teamId: string, email: string): Promise<string | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `UPDATE invitations SET revoked_at = now()
      WHERE team_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id`,
    [teamId, email],
  );
  return row?.id;
}

export async function insertInvitation(tx: Db, inv: NewInvitation): Promise<InvitationRow> {
  await tx.query(
    `INSERT INTO invitations (id, team_id, email, role, token_hash, invited_by, invited_by_name, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [inv.id, inv.teamId, inv.email, inv.role, inv.tokenHash, inv.invitedBy.userId, inv.invitedBy.name, inv.expiresAt],
  );
  const [row] = await tx.query<Row>(
    `SELECT ${COLUMNS} FROM invitations i JOIN teams t ON t.id = i.team_id WHERE i.id = $1`,
    [inv.id],
  );
  return toInvitation(row);
}

/** The team's open invitations, newest first. */
export async function openInvitations(db: Db, teamId: string): Promise<InvitationRow[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM invitations i JOIN teams t ON t.id = i.team_id
      WHERE i.team_id = $1 AND ${OPEN} ORDER BY i.created_at DESC, i.id`,
    [teamId],
  );
  return rows.map(toInvitation);
}

/** Revokes one open invitation of the team; the invitation as it was, or undefined. */
export async function revokeOpen(tx: Db, teamId: string, id: string): Promise<InvitationRow | undefined> {
  const [row] = await tx.query<Row>(
    `UPDATE invitations i SET revoked_at = now() FROM teams t
      WHERE t.id = i.team_id AND i.team_id = $1 AND i.id = $2 AND ${OPEN}
      RETURNING ${COLUMNS}`,
    [teamId, id],
  );
  return row && toInvitation(row);
}

/** The open invitation of a link's token hash; `lock` locks it for the rest of the transaction. */
export async function openInvitationByHash(
  db: Db,
  tokenHash: string,
  lock = false,
): Promise<InvitationRow | undefined> {
  const [row] = await db.query<Row>(
    `SELECT ${COLUMNS} FROM invitations i JOIN teams t ON t.id = i.team_id
      WHERE i.token_hash = $1 AND ${OPEN}${lock ? ' FOR UPDATE OF i' : ''}`,
    [tokenHash],
  );
  return row && toInvitation(row);
}

export async function markAccepted(tx: Db, id: string, userId: string): Promise<void> {
  await tx.query('UPDATE invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1', [id, userId]);
}

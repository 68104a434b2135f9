import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';

/** Users: who they are at the identity provider (issuer and subject, e-mail) and their profile. */
export interface UserRow {
  id: string;
  email: string;
  name: string;
}

/** An identity of the configured issuer, as a verified ID token names it. */
export interface IssuerIdentity {
  issuer: string;
  subject: string;
  email: string;
}

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('SELECT id, email, name FROM users WHERE email = $1', [email]);
  return row;
}

/** A user an identity signs in as; `unbound` when the sign-in is to bind the identity to it. */
export interface UserOfIdentity extends UserRow {
  unbound: boolean;
}

/**
 * The user an identity signs in as: the one bound to it (issuer and subject), else the one with its
 * (verified) e-mail that no identity of this issuer holds yet: named before a first sign-in (npm
 * run admin), or bound to an issuer this server no longer trusts. An address whose user is bound to
 * another subject of the same issuer is somebody else's now: no user.
 */
export async function userOfIdentity(db: Db, identity: IssuerIdentity): Promise<UserOfIdentity | undefined> {
  const [row] = await db.query<UserRow & { bound: boolean }>(
    `SELECT id, email, name, (issuer = $1 AND subject = $2) AS bound FROM users
      WHERE (issuer = $1 AND subject = $2) OR (email = $3 AND (issuer IS NULL OR issuer <> $1))
      ORDER BY bound DESC LIMIT 1`,
    [identity.issuer, identity.subject, identity.email],
  );
  return row && { id: row.id, email: row.email, name: row.name, unbound: !row.bound };
}

/** Binds an identity to the user found by its e-mail (userOfIdentity); false if somebody was faster. */
export async function bindIdentity(db: Db, userId: string, identity: IssuerIdentity): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET issuer = $2, subject = $3
      WHERE id = $1 AND email = $4 AND (issuer IS NULL OR issuer <> $2)
        AND NOT EXISTS (SELECT 1 FROM users WHERE issuer = $2 AND subject = $3)
      RETURNING id`,
    [userId, identity.issuer, identity.subject, identity.email],
  );
  return rows.length > 0;
}

/** A user known by e-mail before any sign-in (issuer and subject bound at the first one); the
 *  existing user when the address has one. */
export async function ensureUserByEmail(db: Db, user: UserRow): Promise<{ user: UserRow; created: boolean }> {
  const inserted = await db.query<UserRow>(
    `INSERT INTO users (id, email, name) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING id, email, name`,
    [user.id, user.email, user.name],
  );
  if (inserted[0]) return { user: inserted[0], created: true };
  const existing = await userByEmail(db, user.email);
  if (!existing) throw new Error(`User ${user.email} vanished`);
  return { user: existing, created: false };
}

/** Adds the user of a new identity; false when a user with that e-mail or identity exists already. */
export async function insertUser(db: Db, user: UserRow & IssuerIdentity): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO users (id, email, name, issuer, subject) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING id`,
    [user.id, user.email, user.name, user.issuer, user.subject],
  );
  return inserted.length > 0;
}

/** Locks the user's row for the rest of the transaction (one write of theirs at a time). */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export type Profile = Pick<Schemas['User'], 'id' | 'name' | 'email' | 'avatarUrl'>;

export async function profileOf(db: Db, userId: string): Promise<Profile | undefined> {
  const [row] = await db.query<UserRow & { avatar_url: string | null }>(
    'SELECT id, name, email, avatar_url FROM users WHERE id = $1',
    [userId],
  );
  return row && { id: row.id, name: row.name, email: row.email, avatarUrl: row.avatar_url };
}

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

/** The user an identity signs in as: the one registered with it, else the one with its e-mail. */
export async function userOfIdentity(db: Db, identity: IssuerIdentity): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('SELECT id, email, name FROM users WHERE issuer = $1 AND subject = $2', [
    identity.issuer,
    identity.subject,
  ]);
  return row ?? userByEmail(db, identity.email);
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

import type { Mode } from '../config';
import type { Db } from '../db/client';
import { hasOpenInvitation } from '../repo/invitations';
import { userByEmail } from '../repo/users';

/** The demo identities of the embedded identity provider (the seed gives the first three their teams). */
export interface DemoAccount {
  email: string;
  name: string;
  /** What the sign-in page says about the account. */
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@tourdesk.test', name: 'Alex Admin', description: 'Admin in every team' },
  { email: 'editor@tourdesk.test', name: 'Emma Editor', description: 'Editor in every team' },
  { email: 'member@tourdesk.test', name: 'Minh Member', description: 'Member in every team' },
  { email: 'newcomer@tourdesk.test', name: 'Nina Newcomer', description: 'No team yet: registers and onboards' },
];

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findDemoAccount(email: string): DemoAccount | undefined {
  const wanted = normalizeEmail(email);
  return DEMO_ACCOUNTS.find((a) => a.email === wanted);
}

export interface Identity {
  email: string;
  name: string;
}

/**
 * Who may sign in with the embedded provider: anybody in the users table (current name from there),
 * an address with an open invitation (it joins a team once signed in), and in the demo the demo
 * accounts even before they have a users row (the newcomer registers later).
 */
export async function findIdentity(db: Db, email: string, mode: Mode): Promise<Identity | undefined> {
  const wanted = normalizeEmail(email);
  if (!wanted || wanted.length > 254 || !wanted.includes('@')) return undefined;
  const user = await userByEmail(db, wanted);
  if (user) return { email: user.email, name: user.name };
  const demo = mode === 'demo' ? findDemoAccount(wanted) : undefined;
  if (demo) return { email: demo.email, name: demo.name };
  if (await hasOpenInvitation(db, wanted)) return { email: wanted, name: wanted.split('@')[0] };
  return undefined;
}

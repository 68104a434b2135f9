import type { Schemas } from '../../shared/contract';
import { OTAS } from '../../shared/otas';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { otaAccountsOf, otaAccountsView, saveOtaAccounts, type OtaAccount } from '../repo/teams';

/**
 * A new team gets one OTA inbox per OTA on the organization's mail domain (the point of contact's,
 * else the owner's), none selected: choosing them is onboarding stage 5.
 */
export function defaultOtaInboxes(contactEmail: string, ownerEmail: string): OtaAccount[] {
  const domain = (contactEmail.split('@')[1] || ownerEmail.split('@')[1] || 'example.com').toLowerCase();
  return OTAS.map((ota) => ({ ota, email: `${ota.toLowerCase()}@${domain}`, selected: false }));
}

/** Selects exactly the team's inboxes of these addresses (case-insensitively); 400 for an address not among them. */
export async function selectOtaAccounts(db: Db, teamId: string, emails: string[]): Promise<Schemas['OtaAccounts']> {
  return db.tx(async (tx) => {
    const accounts = await otaAccountsOf(tx, teamId, true);
    const wanted = new Set(emails.map((e) => e.toLowerCase()));
    const known = new Set(accounts.map((a) => a.email.toLowerCase()));
    const unknown = [...wanted].filter((e) => !known.has(e));
    if (unknown.length) throw badRequest(`Not an account of this team: ${unknown.join(', ')}`);
    const next = accounts.map((a) => ({ ...a, selected: wanted.has(a.email.toLowerCase()) }));
    await saveOtaAccounts(tx, teamId, next);
    return otaAccountsView(next);
  });
}

import type { Schemas } from '../../shared/contract';
import { OTAS, type Ota } from '../../shared/otas';
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

/** The inboxes as typed replace the team's: one address per OTA, no address twice (400 otherwise). */
function typedInboxes(typed: { ota: Ota; email: string }[]): OtaAccount[] {
  const otas = new Set<string>();
  const addresses = new Set<string>();
  for (const { ota, email } of typed) {
    if (otas.has(ota)) throw badRequest(`One inbox per OTA: ${ota} is given twice`);
    if (addresses.has(email.toLowerCase())) throw badRequest(`Each OTA needs its own inbox: ${email} is given twice`);
    otas.add(ota);
    addresses.add(email.toLowerCase());
  }
  return typed.map(({ ota, email }) => ({ ota, email, selected: false }));
}

/**
 * Selects exactly the team's inboxes of these addresses (case-insensitively); 400 for an address
 * not among them. With `typed`, those inboxes (as the person typed them) replace the team's first.
 */
export async function selectOtaAccounts(
  db: Db,
  teamId: string,
  emails: string[],
  typed?: { ota: Ota; email: string }[],
): Promise<Schemas['OtaAccounts']> {
  const replacing = typed ? typedInboxes(typed) : null;
  return db.tx(async (tx) => {
    const accounts = replacing ?? (await otaAccountsOf(tx, teamId, true));
    const wanted = new Set(emails.map((e) => e.toLowerCase()));
    const known = new Set(accounts.map((a) => a.email.toLowerCase()));
    const unknown = [...wanted].filter((e) => !known.has(e));
    if (unknown.length) throw badRequest(`Not an account of this team: ${unknown.join(', ')}`);
    const next = accounts.map((a) => ({ ...a, selected: wanted.has(a.email.toLowerCase()) }));
    await saveOtaAccounts(tx, teamId, next);
    return otaAccountsView(next);
  });
}

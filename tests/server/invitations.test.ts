import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from './email-helpers';
import { makeWorld, type Person, type TeamRef, useServerSuite } from './fixtures';
import { appIdToken } from './helpers';
import { startReceiver, type SmtpReceiver } from './smtp-receiver';

// Invitations end to end on the server: the ADMIN's invitation travels through the outbox to a real
// SMTP receiver, its link shows what it offers without a sign-in, the invited address joins the team
// in the invited role, and the link is dead afterwards; expired, revoked, replaced and wrong-account
// links; who may invite; and the members' history.
let receiver: SmtpReceiver;
const s = useServerSuite({
  async app() {
    receiver = await startReceiver();
    return { config: { smtpUrl: receiver.url }, emailWorker: { pollMs: 50, backoffMs: 50, maxAttempts: 3 } };
  },
});
afterAll(() => receiver?.close());

let n = 0;
const address = (tag: string) => `${tag}-${Date.now().toString(36)}-${++n}@example.com`;

async function invite(team: TeamRef, by: Person, email: string, role = 'MEMBER') {
  return s.req('POST', '/api/v1/team/invitations', by.token, { teamId: team.id, email, role });
}

/** The link of the invitation e-mail that reached the receiver for this address (the newest one). */
async function linkFor(email: string): Promise<{ token: string; text: string; html: string; subject: string }> {
  const got = await waitUntil(async () => {
    const mails = receiver.received.filter((r) => r.to.includes(email.toLowerCase()));
    return mails.length > 0 && mails[mails.length - 1];
  });
  const text = got.mail.text ?? '';
  const match = /http:\/\/localhost:3000\/invitations\/([A-Za-z0-9_-]+)/.exec(text);
  expect(match).not.toBeNull();
  return { token: match![1], text, html: String(got.mail.html), subject: got.mail.subject ?? '' };
}

/** Signs a new person up through the embedded provider's ID token, as the app does; their API token. */
async function signUp(email: string): Promise<string> {
  const idToken = await appIdToken(s.t, email, { name: 'Casey Colleague' });
  const res = await s.req('POST', '/api/v1/users/register/oidc', undefined, { idToken });
  expect(res.statusCode).toBe(200);
  return res.json().accessToken;
}

/** The team's customer e-mails carry a banner (the group tagged `email`); an invitation must not. */
async function emailBanner(team: TeamRef, by: Person) {
  const ad = await s.req('POST', '/api/v1/advertisement', by.token, {
    teamId: team.id,
    tag: 'new',
    title: 'Sunset cruise',
    imageUrl: null,
    linkUrl: 'https://example.com/cruise',
  });
  const group = await s.req('POST', '/api/v1/advertisement/groups', by.token, { teamId: team.id, tag: 'email' });
  const added = await s.req('POST', `/api/v1/advertisement/groups/${group.json().id}/items`, by.token, {
    teamId: team.id,
    advertisementIds: [ad.json().id],
  });
  expect(added.json().success).toBe(true);
}

const events = async (team: TeamRef, by: Person) => {
  const res = await s.req('GET', `/api/v1/team/members/history?teamId=${team.id}`, by.token);
  expect(res.statusCode).toBe(200);
  return res.json().events as { type: string; actor: { name: string } | null; email: string; toRole: string }[];
};

const members = async (team: TeamRef, by: Person) =>
  (await s.req('GET', `/api/v1/team/members?teamId=${team.id}`, by.token)).json().members as {
    user: { email: string };
    role: string;
  }[];

describe('an invitation', () => {
  it('reaches the invited address, shows what it offers, joins the team in its role once, and is dead afterwards', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    await emailBanner(w.home, w.editor);
    const email = address('colleague');
    const created = await invite(w.home, w.admin, email.toUpperCase());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, role: 'MEMBER', invitedBy: { id: w.admin.id, name: w.admin.name } });
    const expires = new Date(created.json().expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires).toBeLessThan(7.1 * 86_400_000);

    const mail = await linkFor(email);
    const teamName = (await s.t.db.query<{ name: string }>('SELECT name FROM teams WHERE id = $1', [w.home.id]))[0]
      .name;
    expect(mail.subject).toBe(`${w.admin.name} invited you to ${teamName} on Tourdesk`);
    expect(mail.text).toContain(`as a Member`);
    expect(mail.text).toContain(email);
    expect(mail.html).toContain(teamName);
    expect(mail.html).not.toContain('data-banner');
    expect(mail.text).not.toContain('https://example.com/cruise');
    // recorded as sent a moment after the receiver has it
    const row = await waitUntil(async () => {
      const [m] = await s.t.db.query<{ order_id: string | null; state: string; type: string }>(
        'SELECT order_id, state, type FROM email_messages WHERE recipient = $1',
        [email],
      );
      return m?.state === 'sent' && m;
    });
    expect(row).toEqual({ order_id: null, state: 'sent', type: 'INVITATION' });
    // only the hash of the link's token is stored
    const stored = await s.t.db.query('SELECT 1 FROM invitations WHERE token_hash = $1', [mail.token]);
    expect(stored).toHaveLength(0);

    const preview = await s.req('GET', `/api/v1/invitations/${mail.token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      teamId: w.home.id,
      teamName,
      role: 'MEMBER',
      email,
      invitedBy: w.admin.name,
    });

    const token = await signUp(email);
    expect((await s.req('GET', `/api/v1/team/setting?teamId=${w.home.id}`, token)).statusCode).toBe(403);
    const accepted = await s.req('POST', `/api/v1/invitations/${mail.token}/accept`, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ teamId: w.home.id, role: 'MEMBER' });
    expect(await members(w.home, w.admin)).toContainEqual(
      expect.objectContaining({ user: expect.objectContaining({ email }), role: 'MEMBER' }),
    );
    const me = (await s.req('GET', '/api/v1/users/me', token)).json();
    expect(me.teams).toContainEqual(expect.objectContaining({ id: w.home.id, role: 'MEMBER' }));
    expect((await s.req('GET', `/api/v1/team/setting?teamId=${w.home.id}`, token)).statusCode).toBe(200);

    // single use
    expect((await s.req('GET', `/api/v1/invitations/${mail.token}`)).statusCode).toBe(404);
    expect((await s.req('POST', `/api/v1/invitations/${mail.token}/accept`, token)).statusCode).toBe(404);
    const pending = await s.req('GET', `/api/v1/team/invitations?teamId=${w.home.id}`, w.admin.token);
    expect(pending.json().invitations).toEqual([]);

    const history = await events(w.home, w.admin);
    expect(history.map((e) => [e.type, e.actor?.name, e.email, e.toRole])).toEqual([
      ['JOINED', 'Casey Colleague', email, 'MEMBER'],
      ['INVITED', w.admin.name, email, 'MEMBER'],
    ]);
  });

  it('answers 403 to another signed-in address, and stays usable for the invited one', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    const email = address('invited');
    expect((await invite(w.home, w.admin, email, 'EDITOR')).statusCode).toBe(201);
    const { token } = await linkFor(email);
    const wrong = await s.req('POST', `/api/v1/invitations/${token}/accept`, w.outsider.token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      error: 'FORBIDDEN',
      message: expect.stringContaining(`This invitation is for ${email}, and you are signed in as ${w.outsider.email}`),
    });
    expect((await members(w.home, w.admin)).map((m) => m.user.email)).not.toContain(w.outsider.email);
    expect((await s.req('GET', `/api/v1/invitations/${token}`)).statusCode).toBe(200);
    const right = await s.req('POST', `/api/v1/invitations/${token}/accept`, await signUp(email));
    expect(right.json()).toEqual({ teamId: w.home.id, role: 'EDITOR' });
  });

  it('is dead once expired, revoked or replaced by a newer one, with one answer for every case', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    const [late, revoked, replaced] = [address('late'), address('revoked'), address('replaced')];
    for (const email of [late, revoked, replaced]) expect((await invite(w.home, w.admin, email)).statusCode).toBe(201);
    const links = { late: await linkFor(late), revoked: await linkFor(revoked), replaced: await linkFor(replaced) };

    await s.t.db.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = $1`, [late]);
    const list = await s.req('GET', `/api/v1/team/invitations?teamId=${w.home.id}`, w.admin.token);
    const revokedId = list.json().invitations.find((i: { email: string }) => i.email === revoked).id;
    expect(
      list
        .json()
        .invitations.map((i: { email: string }) => i.email)
        .sort(),
    ).toEqual([revoked, replaced].sort());
    const del = await s.req('DELETE', `/api/v1/team/invitations/${revokedId}?teamId=${w.home.id}`, w.admin.token);
    expect(del.statusCode).toBe(204);
    expect(
      (await s.req('DELETE', `/api/v1/team/invitations/${revokedId}?teamId=${w.home.id}`, w.admin.token)).statusCode,
    ).toBe(404);

    const count = receiver.received.filter((r) => r.to.includes(replaced)).length;
    expect((await invite(w.home, w.admin, replaced, 'ADMIN')).statusCode).toBe(201);
    await waitUntil(async () => receiver.received.filter((r) => r.to.includes(replaced)).length === count + 1);
    const newer = await linkFor(replaced);
    expect(newer.token).not.toBe(links.replaced.token);

    const dead = [links.late.token, links.revoked.token, links.replaced.token];
    const bodies = new Set<string>();
    for (const token of dead) {
      const res = await s.req('GET', `/api/v1/invitations/${token}`);
      expect(res.statusCode).toBe(404);
      bodies.add(res.body);
    }
    bodies.add((await s.req('GET', `/api/v1/invitations/${'x'.repeat(43)}`)).body);
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]).error).toBe('NOT_FOUND');
    const late403 = await s.req('POST', `/api/v1/invitations/${links.late.token}/accept`, await signUp(late));
    expect(late403.statusCode).toBe(404);

    const open = (await s.req('GET', `/api/v1/team/invitations?teamId=${w.home.id}`, w.admin.token)).json();
    expect(open.invitations.map((i: { email: string; role: string }) => [i.email, i.role])).toEqual([
      [replaced, 'ADMIN'],
    ]);
    const accepted = await s.req('POST', `/api/v1/invitations/${newer.token}/accept`, await signUp(replaced));
    expect(accepted.json()).toEqual({ teamId: w.home.id, role: 'ADMIN' });
    const types = (await events(w.home, w.admin)).map((e) => [e.type, e.email]);
    expect(types).toContainEqual(['INVITATION_REVOKED', revoked]);
    expect(types.filter(([t]) => t === 'INVITED')).toHaveLength(4);
  });

  it('of a member already in the team is 409 (whatever the case); a member who joins meanwhile gets its role', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    const res = await invite(w.home, w.admin, w.member.email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${w.member.email} is already a member of this team`);
    expect(
      (await s.req('GET', `/api/v1/team/invitations?teamId=${w.home.id}`, w.admin.token)).json().invitations,
    ).toEqual([]);
    // the outsider is invited to home, and meanwhile joins it as MEMBER some other way
    expect((await invite(w.home, w.admin, w.outsider.email, 'EDITOR')).statusCode).toBe(201);
    const { token } = await linkFor(w.outsider.email);
    await s.t.db.query(`INSERT INTO memberships (user_id, team_id, role) VALUES ($1, $2, 'MEMBER')`, [
      w.outsider.id,
      w.home.id,
    ]);
    const accepted = await s.req('POST', `/api/v1/invitations/${token}/accept`, w.outsider.token);
    expect(accepted.json()).toEqual({ teamId: w.home.id, role: 'EDITOR' });
    const roles = (await members(w.home, w.admin)).filter((m) => m.user.email === w.outsider.email);
    expect(roles.map((m) => m.role)).toEqual(['EDITOR']);
  });

  it('is for ADMINs of the team only, and refuses bad input with 400, changing nothing', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    const email = address('nobody');
    for (const by of [w.member, w.editor, w.outsider]) {
      expect((await invite(w.home, by, email)).statusCode).toBe(403);
      expect((await s.req('GET', `/api/v1/team/invitations?teamId=${w.home.id}`, by.token)).statusCode).toBe(403);
      expect((await s.req('GET', `/api/v1/team/members/history?teamId=${w.home.id}`, by.token)).statusCode).toBe(403);
    }
    expect((await invite(w.home, w.admin, 'not-an-address')).statusCode).toBe(400);
    expect((await invite(w.home, w.admin, email, 'OWNER')).statusCode).toBe(400);
    expect(
      (await s.req('POST', '/api/v1/team/invitations', w.admin.token, { teamId: w.home.id, email })).statusCode,
    ).toBe(400);
    expect((await s.req('GET', '/api/v1/invitations/short')).statusCode).toBe(400);
    expect((await s.req('POST', `/api/v1/invitations/${'x'.repeat(43)}/accept`)).statusCode).toBe(401);
    const rows = await s.t.db.query('SELECT 1 FROM invitations WHERE team_id = $1', [w.home.id]);
    expect(rows).toHaveLength(0);
    expect(await events(w.home, w.admin)).toEqual([]);
    // another team's invitation cannot be revoked through this one
    expect((await invite(w.other, w.outsider, email)).statusCode).toBe(201);
    const theirs = (await s.req('GET', `/api/v1/team/invitations?teamId=${w.other.id}`, w.outsider.token)).json()
      .invitations[0].id;
    expect(
      (await s.req('DELETE', `/api/v1/team/invitations/${theirs}?teamId=${w.home.id}`, w.admin.token)).statusCode,
    ).toBe(404);
    expect(
      (await s.req('DELETE', `/api/v1/team/invitations/${theirs}?teamId=${w.other.id}`, w.admin.token)).statusCode,
    ).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE } from '../../shared/members';
import { makeWorld, type Person, type TeamRef, type World, useServerSuite } from './fixtures';

// A team's members: an ADMIN changes roles and removes members, every change is in the history,
// a removed member's next call is refused, and a team always keeps an ADMIN, even when two admins
// demote each other at the same moment.
const s = useServerSuite();

const setRole = (team: TeamRef, by: Person, who: Person, role: string) =>
  s.req('PATCH', `/api/v1/team/members/${who.id}`, by.token, { teamId: team.id, role });
const remove = (team: TeamRef, by: Person, who: Person) =>
  s.req('DELETE', `/api/v1/team/members/${who.id}?teamId=${team.id}`, by.token);

async function roles(w: World): Promise<Record<string, string>> {
  const res = await s.req('GET', `/api/v1/team/members?teamId=${w.home.id}`, w.member.token);
  const out: Record<string, string> = {};
  const list: { user: { email: string }; role: string }[] =
    res.statusCode === 200
      ? res.json().members
      : (
          await s.t.db.query<{ email: string; role: string }>(
            'SELECT u.email, m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1',
            [w.home.id],
          )
        ).map((r) => ({ user: { email: r.email }, role: r.role }));
  for (const m of list) out[m.user.email] = m.role;
  return out;
}

async function history(team: TeamRef, by: Person) {
  const res = await s.req('GET', `/api/v1/team/members/history?teamId=${team.id}`, by.token);
  expect(res.statusCode).toBe(200);
  return res.json().events as {
    type: string;
    actor: { id: string; name: string } | null;
    email: string;
    name: string | null;
    fromRole: string | null;
    toRole: string | null;
    timestamp: string;
  }[];
}

describe('a member’s role', () => {
  it('is changed by an ADMIN, answered with the member, and recorded (who, when, from, to)', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    const before = Date.now();
    const res = await setRole(w.home, w.admin, w.member, 'EDITOR');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { id: w.member.id, name: w.member.name, email: w.member.email, avatarUrl: null },
      role: 'EDITOR',
    });
    expect((await roles(w))[w.member.email]).toBe('EDITOR');
    // the same role again changes nothing and records nothing
    expect((await setRole(w.home, w.admin, w.member, 'EDITOR')).statusCode).toBe(200);
    const [event, ...rest] = await history(w.home, w.admin);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      type: 'ROLE_CHANGED',
      actor: { id: w.admin.id, name: w.admin.name },
      email: w.member.email,
      name: w.member.name,
      fromRole: 'MEMBER',
      toRole: 'EDITOR',
    });
    expect(new Date(event.timestamp).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is an ADMIN’s call only: MEMBER, EDITOR and other teams’ admins get 403, and nothing changes', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    for (const by of [w.member, w.editor, w.outsider]) {
      expect((await setRole(w.home, by, w.member, 'ADMIN')).statusCode).toBe(403);
      expect((await remove(w.home, by, w.member)).statusCode).toBe(403);
    }
    expect((await setRole(w.home, w.admin, w.outsider, 'EDITOR')).statusCode).toBe(404);
    expect((await remove(w.home, w.admin, w.outsider)).statusCode).toBe(404);
    expect((await setRole(w.home, w.admin, w.member, 'OWNER')).statusCode).toBe(400);
    expect(await roles(w)).toEqual({
      [w.admin.email]: 'ADMIN',
      [w.editor.email]: 'EDITOR',
      [w.member.email]: 'MEMBER',
    });
    expect(await history(w.home, w.admin)).toEqual([]);
  });
});

describe('the last ADMIN', () => {
  it('can be neither demoted nor removed (409 with the reason); with a second admin both work', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    for (const res of [await setRole(w.home, w.admin, w.admin, 'EDITOR'), await remove(w.home, w.admin, w.admin)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'CONFLICT', message: LAST_ADMIN_MESSAGE });
    }
    expect((await roles(w))[w.admin.email]).toBe('ADMIN');
    expect(await history(w.home, w.admin)).toEqual([]);

    expect((await setRole(w.home, w.admin, w.editor, 'ADMIN')).statusCode).toBe(200);
    expect((await setRole(w.home, w.admin, w.admin, 'MEMBER')).statusCode).toBe(200);
    // no longer an ADMIN: the former one changes nothing more
    expect((await setRole(w.home, w.admin, w.editor, 'MEMBER')).statusCode).toBe(403);
    expect((await remove(w.home, w.editor, w.admin)).statusCode).toBe(204);
    expect(await roles(w)).toEqual({ [w.editor.email]: 'ADMIN', [w.member.email]: 'MEMBER' });
  });

  it('survives two admins demoting each other at the same moment: one succeeds, the other is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const w = await makeWorld(s.t.db, s.t.config);
      expect((await setRole(w.home, w.admin, w.editor, 'ADMIN')).statusCode).toBe(200);
      const [a, b] = await Promise.all([
        setRole(w.home, w.admin, w.editor, 'MEMBER'),
        setRole(w.home, w.editor, w.admin, 'MEMBER'),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
      const admins = Object.values(await roles(w)).filter((r) => r === 'ADMIN');
      expect(admins).toHaveLength(1);
      // the same with removals
      const v = await makeWorld(s.t.db, s.t.config);
      expect((await setRole(v.home, v.admin, v.editor, 'ADMIN')).statusCode).toBe(200);
      const both = await Promise.all([remove(v.home, v.admin, v.editor), remove(v.home, v.editor, v.admin)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([204, 403]);
      expect(Object.values(await roles(v)).filter((r) => r === 'ADMIN')).toHaveLength(1);
    }
  });
});

describe('a removed member', () => {
  it('is gone from the list and the history says so; their very next call for the team is 403', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    expect((await s.req('GET', `/api/v1/team/setting?teamId=${w.home.id}`, w.member.token)).statusCode).toBe(200);
    const res = await remove(w.home, w.admin, w.member);
    expect(res.statusCode).toBe(204);
    const refused = await s.req('GET', `/api/v1/team/setting?teamId=${w.home.id}`, w.member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('FORBIDDEN');
    expect((await s.req('GET', `/api/v1/team/members?teamId=${w.home.id}`, w.member.token)).statusCode).toBe(403);
    const me = (await s.req('GET', '/api/v1/users/me', w.member.token)).json();
    expect(me.teams.map((t: { id: string }) => t.id)).not.toContain(w.home.id);
    expect(Object.keys(await roles(w))).not.toContain(w.member.email);
    expect((await history(w.home, w.admin))[0]).toMatchObject({
      type: 'REMOVED',
      actor: { id: w.admin.id, name: w.admin.name },
      email: w.member.email,
      fromRole: 'MEMBER',
    });
    expect((await remove(w.home, w.admin, w.member)).statusCode).toBe(404);
  });
});

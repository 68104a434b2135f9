import { describe, expect, it } from 'vitest';
import { person, type Person, useServerSuite } from './fixtures';

const s = useServerSuite();
const { req } = s;

const newcomer = (): Promise<Person> =>
  person(s.t.db, s.t.app.config, 'newcomer', Math.random().toString(36).slice(2, 8));

describe('getMe', () => {
  it('returns the user with teams ordered by name and distinct roles', async () => {
    const res = await req('GET', '/api/v1/users/me', s.w.admin.token);
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      id: s.w.admin.id,
      email: s.w.admin.email,
      name: s.w.admin.name,
      avatarUrl: null,
      orgRoles: ['ADMIN'],
    });
    expect(me.teams.map((x: { id: string }) => x.id)).toEqual([s.w.home.id, s.w.japan.id]);
    expect(me.teams[0]).toEqual({
      id: s.w.home.id,
      name: expect.stringMatching(/^Home /),
      avatarUrl: null,
      code: 'VN',
      timezone: 'Asia/Ho_Chi_Minh',
      continent: 'Asia',
      role: 'ADMIN',
    });
    const nobody = await newcomer();
    expect((await req('GET', '/api/v1/users/me', nobody.token)).json()).toMatchObject({ teams: [], orgRoles: [] });
    expect((await req('GET', '/api/v1/users/me')).statusCode).toBe(401);
    expect((await req('GET', '/api/v1/users/me', 'not-a-token')).statusCode).toBe(401);
  });
});

describe('upsertOrg and getOrg', () => {
  it('walks a newcomer through onboarding: org, contact, team with the country timezone', async () => {
    const p = await newcomer();
    const created = await req('PATCH', '/api/v1/orgs', p.token, { name: 'Mekong Trails' });
    expect(created.statusCode).toBe(200);
    const org = created.json();
    expect(org).toMatchObject({
      name: 'Mekong Trails',
      displayId: 'mekong-trails',
      stage: 2,
      plan: null,
      teamId: null,
    });
    expect(org.information).toEqual({
      serviceCountry: [],
      serviceCity: [],
      pointOfContact: { fullName: '', email: '', phone: '', jobTitle: '' },
    });
    const contact = await req('PATCH', '/api/v1/orgs', p.token, {
      stage: 3,
      information: { serviceCountry: ['Vietnam'], pointOfContact: { fullName: 'Lan', email: 'lan@example.test' } },
    });
    expect(contact.json()).toMatchObject({
      id: org.id,
      stage: 3,
      information: {
        serviceCountry: ['Vietnam'],
        serviceCity: [],
        pointOfContact: { fullName: 'Lan', email: 'lan@example.test', phone: '' },
      },
    });
    const withTeam = await req('PATCH', '/api/v1/orgs', p.token, {
      name: 'Mekong Trails',
      countryCode: 'KH',
      plan: 'starter',
      stage: 4,
    });
    expect(withTeam.statusCode).toBe(200);
    const teamId = withTeam.json().teamId;
    expect(teamId).toEqual(expect.any(String));
    expect(withTeam.json()).toMatchObject({ plan: 'starter', stage: 4 });
    const me = (await req('GET', '/api/v1/users/me', p.token)).json();
    expect(me.teams).toEqual([
      {
        id: teamId,
        name: 'Mekong Trails',
        avatarUrl: null,
        code: 'KH',
        timezone: 'Asia/Phnom_Penh',
        continent: 'Asia',
        role: 'ADMIN',
      },
    ]);
    // a second call with a country does not create a second team
    const again = await req('PATCH', '/api/v1/orgs', p.token, { name: 'Mekong Trails', countryCode: 'VN' });
    expect(again.json().teamId).toBe(teamId);
    expect((await req('GET', '/api/v1/users/me', p.token)).json().teams).toHaveLength(1);
    const byId = await req('GET', `/api/v1/orgs/${org.id}`, p.token);
    expect(byId.json()).toMatchObject({ id: org.id, teamId, stage: 4 });
  });

  it('lets team members read the org, and nobody else (404)', async () => {
    const owner = await newcomer();
    const org = (await req('PATCH', '/api/v1/orgs', owner.token, { name: 'Andes Co', countryCode: 'PE' })).json();
    await s.t.db.query("INSERT INTO memberships (user_id, team_id, role) VALUES ($1, $2, 'MEMBER')", [
      s.w.member.id,
      org.teamId,
    ]);
    expect((await req('GET', `/api/v1/orgs/${org.id}`, s.w.member.token)).statusCode).toBe(200);
    const stranger = await req('GET', `/api/v1/orgs/${org.id}`, s.w.outsider.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe('NOT_FOUND');
    expect((await req('GET', '/api/v1/orgs/unknown', owner.token)).statusCode).toBe(404);
    expect((await req('GET', `/api/v1/orgs/${org.id}`)).statusCode).toBe(401);
  });

  it('answers 409 for a taken display id, 400 for bad input, 401 without a token', async () => {
    const a = await newcomer();
    const b = await newcomer();
    await req('PATCH', '/api/v1/orgs', a.token, { name: 'Alpha', displayId: 'alpha-tours' });
    const taken = await req('PATCH', '/api/v1/orgs', b.token, { name: 'Beta', displayId: 'Alpha-Tours' });
    expect(taken.statusCode).toBe(409);
    expect((await req('PATCH', '/api/v1/orgs', b.token, { name: 'Beta', countryCode: 'ZZ' })).statusCode).toBe(400);
    expect((await req('PATCH', '/api/v1/orgs', b.token, { stage: 8 })).statusCode).toBe(400);
    expect((await req('PATCH', '/api/v1/orgs', b.token, { stage: 0 })).statusCode).toBe(400);
    expect((await req('PATCH', '/api/v1/orgs', b.token, { displayId: 'has spaces' })).statusCode).toBe(400);
    expect((await req('PATCH', '/api/v1/orgs', b.token, { owner: 'me' })).statusCode).toBe(400);
    expect((await req('PATCH', '/api/v1/orgs', undefined, { name: 'x' })).statusCode).toBe(401);
    const orgs = await s.t.db.query('SELECT 1 FROM orgs WHERE owner_id = $1', [b.id]);
    expect(orgs).toHaveLength(0);
  });
});

describe('the team onboarding creates', () => {
  it('has one OTA inbox per OTA on the contact domain, none selected, for stage 5 to choose from', async () => {
    const p = await newcomer();
    await req('PATCH', '/api/v1/orgs', p.token, { name: 'Delta Rides', stage: 3 });
    await req('PATCH', '/api/v1/orgs', p.token, {
      information: { pointOfContact: { email: 'Ops@Delta-Rides.test' } },
      stage: 4,
    });
    const org = (
      await req('PATCH', '/api/v1/orgs', p.token, { name: 'Delta Rides', countryCode: 'VN', plan: 'growth', stage: 5 })
    ).json();
    const url = `/api/v1/team/ota-accounts?teamId=${org.teamId}`;
    const accounts = (await req('GET', url, p.token)).json();
    expect(accounts).toEqual({
      available: [
        { ota: 'KLOOK', email: 'klook@delta-rides.test' },
        { ota: 'KKDAY', email: 'kkday@delta-rides.test' },
        { ota: 'VIATOR', email: 'viator@delta-rides.test' },
        { ota: 'MPG', email: 'mpg@delta-rides.test' },
      ],
      otas: [],
    });
    const saved = await req('PUT', '/api/v1/team/ota-accounts', p.token, {
      teamId: org.teamId,
      otas: ['klook@delta-rides.test', 'mpg@delta-rides.test'],
    });
    expect(saved.json().otas).toEqual(['klook@delta-rides.test', 'mpg@delta-rides.test']);
    const closed = await req('PATCH', '/api/v1/orgs', p.token, { stage: 7 });
    expect(closed.json()).toMatchObject({ stage: 7, teamId: org.teamId, plan: 'growth' });
    // another team's accounts stay out of reach, and the new team's out of other people's
    expect((await req('GET', `/api/v1/team/ota-accounts?teamId=${s.w.home.id}`, p.token)).statusCode).toBe(403);
    expect((await req('GET', url, s.w.outsider.token)).statusCode).toBe(403);
    expect(
      (await req('PUT', '/api/v1/team/ota-accounts', s.w.outsider.token, { teamId: org.teamId, otas: [] })).statusCode,
    ).toBe(403);
    expect((await req('GET', `/api/v1/orgs/${org.id}`, s.w.outsider.token)).statusCode).toBe(404);
  });

  it("falls back to the owner's mail domain when no contact e-mail was given", async () => {
    const p = await newcomer();
    const org = (await req('PATCH', '/api/v1/orgs', p.token, { name: 'Nile Boats', countryCode: 'EG' })).json();
    const accounts = (await req('GET', `/api/v1/team/ota-accounts?teamId=${org.teamId}`, p.token)).json();
    expect(accounts.available.map((a: { email: string }) => a.email)).toEqual([
      'klook@example.test',
      'kkday@example.test',
      'viator@example.test',
      'mpg@example.test',
    ]);
    expect((await req('GET', '/api/v1/users/me', p.token)).json().teams[0]).toMatchObject({
      code: 'EG',
      timezone: 'Africa/Cairo',
    });
  });
});

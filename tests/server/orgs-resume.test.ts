import { describe, expect, it } from 'vitest';
import { person, type Person, useServerSuite } from './fixtures';

// Onboarding resumes from the server in any browser: the caller's own organization, its stage,
// its fields and the country chosen at stage 2 (kept until the plan stage creates the team).
const s = useServerSuite();
const { req } = s;

const newcomer = (): Promise<Person> =>
  person(s.t.db, s.t.app.config, 'resumer', Math.random().toString(36).slice(2, 8));

describe('getMyOrg', () => {
  it("answers the caller's organization as onboarding left it, country included", async () => {
    const p = await newcomer();
    const none = await req('GET', '/api/v1/orgs', p.token);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('NOT_FOUND');

    // stage 2's Next: the name and the country; no team before the plan stage
    const created = await req('PATCH', '/api/v1/orgs', p.token, { name: 'Tonle Trips', countryCode: 'KH', stage: 3 });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Tonle Trips', countryCode: 'KH', stage: 3, teamId: null });
    expect((await req('GET', '/api/v1/users/me', p.token)).json().teams).toEqual([]);
    // stage 3's Next
    await req('PATCH', '/api/v1/orgs', p.token, {
      information: {
        serviceCountry: ['Cambodia'],
        serviceCity: ['Phnom Penh'],
        pointOfContact: { fullName: 'Sokha', email: 'sokha@tonle.test', phone: '+855 12 345 678', jobTitle: 'Owner' },
      },
      stage: 3,
    });

    const mine = await req('GET', '/api/v1/orgs', p.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      id: created.json().id,
      displayId: 'tonle-trips',
      name: 'Tonle Trips',
      countryCode: 'KH',
      plan: null,
      stage: 3,
      teamId: null,
      information: {
        serviceCountry: ['Cambodia'],
        serviceCity: ['Phnom Penh'],
        pointOfContact: { fullName: 'Sokha', email: 'sokha@tonle.test', phone: '+855 12 345 678', jobTitle: 'Owner' },
      },
    });

    // the plan stage creates the team in the recorded country
    const planned = await req('PATCH', '/api/v1/orgs', p.token, {
      name: 'Tonle Trips',
      countryCode: 'KH',
      plan: 'starter',
      stage: 5,
    });
    expect(planned.json()).toMatchObject({ countryCode: 'KH', stage: 5, teamId: expect.any(String) });
    expect((await req('GET', '/api/v1/users/me', p.token)).json().teams).toMatchObject([
      { code: 'KH', timezone: 'Asia/Phnom_Penh', role: 'ADMIN' },
    ]);
    expect((await req('GET', '/api/v1/orgs', p.token)).json()).toMatchObject({ stage: 5, plan: 'starter' });
  });

  it("is each caller's own: a team member does not get the owner's organization", async () => {
    const owner = await newcomer();
    const org = (await req('PATCH', '/api/v1/orgs', owner.token, { name: 'Mekong Wheels', countryCode: 'LA' })).json();
    await s.t.db.query("INSERT INTO memberships (user_id, team_id, role) VALUES ($1, $2, 'MEMBER')", [
      s.w.outsider.id,
      org.teamId,
    ]);
    // the member reads the organization by id, but has none of their own to resume
    expect((await req('GET', `/api/v1/orgs/${org.id}`, s.w.outsider.token)).statusCode).toBe(200);
    expect((await req('GET', '/api/v1/orgs', s.w.outsider.token)).statusCode).toBe(404);
    expect((await req('GET', '/api/v1/orgs', owner.token)).json()).toMatchObject({ id: org.id, countryCode: 'LA' });
    expect((await req('GET', '/api/v1/orgs')).statusCode).toBe(401);
  });

  it("names the team's country for an organization whose team existed before countries were recorded", async () => {
    const owner = await newcomer();
    const org = (await req('PATCH', '/api/v1/orgs', owner.token, { name: 'Old Style', countryCode: 'TH' })).json();
    await s.t.db.query("UPDATE orgs SET information = information - 'countryCode' WHERE id = $1", [org.id]);
    expect((await req('GET', '/api/v1/orgs', owner.token)).json().countryCode).toBe('TH');
    expect((await req('GET', `/api/v1/orgs/${org.id}`, owner.token)).json().countryCode).toBe('TH');
    expect((await req('PATCH', '/api/v1/orgs', owner.token, { stage: 6 })).json().countryCode).toBe('TH');
  });

  it('refuses a bad country before the plan stage too, and records nothing', async () => {
    const p = await newcomer();
    expect((await req('PATCH', '/api/v1/orgs', p.token, { name: 'X', countryCode: 'ZZ', stage: 3 })).statusCode).toBe(
      400,
    );
    expect((await req('PATCH', '/api/v1/orgs', p.token, { name: 'X', countryCode: 'XX', stage: 3 })).statusCode).toBe(
      400,
    );
    expect((await req('PATCH', '/api/v1/orgs', p.token, { name: 'X', countryCode: 'kh', stage: 3 })).statusCode).toBe(
      400,
    );
    expect((await req('GET', '/api/v1/orgs', p.token)).statusCode).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { person, useServerSuite } from './fixtures';

const s = useServerSuite();
const { req } = s;

const me = async (token: string) => (await req('GET', '/api/v1/users/me', token)).json();

describe('platform admin', () => {
  it('is the ADMIN of the Tech Team (XX) and nobody else', async () => {
    const admin = await me(await s.t.tokenFor('admin@tourdesk.test'));
    expect(admin.teams).toContainEqual(expect.objectContaining({ code: 'XX', name: 'Tech Team', role: 'ADMIN' }));
    expect(admin.isPlatformAdmin).toBe(true);
    const editor = await me(await s.t.tokenFor('editor@tourdesk.test'));
    expect(editor.teams).toContainEqual(expect.objectContaining({ code: 'XX', role: 'EDITOR' }));
    expect(editor.isPlatformAdmin).toBe(false);
    expect((await me(s.w.admin.token)).isPlatformAdmin).toBe(false);
    expect((await me(s.w.outsider.token)).isPlatformAdmin).toBe(false);
  });

  it('cannot be made through onboarding: a team with code XX is refused (400) and nothing is created', async () => {
    const p = await person(s.t.db, s.t.config, 'hopeful', Math.random().toString(36).slice(2, 8));
    const teamsBefore = await s.t.db.query('SELECT id FROM teams ORDER BY id');
    const refused = await req('PATCH', '/api/v1/orgs', p.token, { name: 'Platform Crew', countryCode: 'XX' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'BAD_REQUEST', message: expect.stringContaining('Tech Team') });
    expect((await req('PATCH', '/api/v1/orgs', p.token, { name: 'Platform Crew', countryCode: 'xx' })).statusCode).toBe(
      400,
    );
    // later in onboarding, after the organization exists, just the same
    expect((await req('PATCH', '/api/v1/orgs', p.token, { name: 'Platform Crew', stage: 3 })).statusCode).toBe(200);
    const again = await req('PATCH', '/api/v1/orgs', p.token, { name: 'Platform Crew', countryCode: 'XX', stage: 4 });
    expect(again.statusCode).toBe(400);
    expect(await s.t.db.query('SELECT id FROM teams ORDER BY id')).toEqual(teamsBefore);
    const [org] = await s.t.db.query<{ team_id: string | null; stage: number }>(
      'SELECT team_id, stage FROM orgs WHERE owner_id = $1',
      [p.id],
    );
    expect(org).toEqual({ team_id: null, stage: 3 });
    const mine = await me(p.token);
    expect(mine).toMatchObject({ teams: [], isPlatformAdmin: false });
  });
});

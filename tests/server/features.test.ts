import { describe, expect, it } from 'vitest';
import { EMAIL_SENDING_V1, INFO_SENDING_V1 } from '../../shared/feature-flags';
import { bearer, person, useServerSuite } from './fixtures';

const s = useServerSuite();

const patch = (id: string, payload: unknown, token?: string) => s.req('PATCH', `/api/features/${id}`, token, payload);
const list = async (token: string) =>
  (await s.req('GET', '/api/features', token)).json().data as {
    id: string;
    teams: string[];
    lastChange: null | { by: { id: string; name: string }; at: string; added: string[]; removed: string[] };
  }[];
const flagState = () => s.t.db.query('SELECT id, teams FROM feature_flags ORDER BY id');
const changeCount = async () =>
  Number((await s.t.db.query<{ n: string }>('SELECT count(*) AS n FROM feature_flag_changes'))[0].n);

/** admin@tourdesk.test of the demo seed: ADMIN of every team, the Tech Team (XX) among them. */
const platformAdmin = () => s.t.tokenFor('admin@tourdesk.test');

describe('features', () => {
  it('lists the flags under data, never changed yet', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/features', headers: bearer(s.w.member) });
    expect(res.statusCode).toBe(200);
    const flags = res.json().data as { id: string; teams: string[]; defaultState: boolean; lastChange: unknown }[];
    const email = flags.find((f) => f.id === EMAIL_SENDING_V1)!;
    expect(email.teams).toContain('VN');
    expect(email.defaultState).toBe(false);
    expect(flags.find((f) => f.id === INFO_SENDING_V1)!.teams.sort()).toEqual(['TH', 'VN']);
    expect(flags.every((f) => f.lastChange === null)).toBe(true);
    expect((await s.t.app.inject({ method: 'GET', url: '/api/features' })).statusCode).toBe(401);
  });

  it('refuses a team admin made through onboarding (403): flags unchanged, nothing recorded', async () => {
    const founder = await person(s.t.db, s.t.config, 'founder', Math.random().toString(36).slice(2, 8));
    const org = await s.req('PATCH', '/api/v1/orgs', founder.token, { name: 'Own Team Travel', countryCode: 'VN' });
    expect(org.statusCode).toBe(200);
    const me = (await s.req('GET', '/api/v1/users/me', founder.token)).json();
    expect(me.teams).toEqual([expect.objectContaining({ role: 'ADMIN', code: 'VN' })]);
    expect(me.isPlatformAdmin).toBe(false);

    const before = await flagState();
    const refused = await patch(EMAIL_SENDING_V1, { teams: [] }, founder.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'FORBIDDEN', message: expect.stringContaining('platform admins') });
    // nor an admin of several teams, nor the Tech Team's editor
    expect((await patch(EMAIL_SENDING_V1, { teams: [] }, s.w.admin.token)).statusCode).toBe(403);
    expect((await patch(EMAIL_SENDING_V1, { teams: [] }, await s.t.tokenFor('editor@tourdesk.test'))).statusCode).toBe(
      403,
    );
    expect(await flagState()).toEqual(before);
    expect(await changeCount()).toBe(0);
  });

  it('lets the Tech Team admin change a flag, records who and when, and lists it as the last change', async () => {
    const token = await platformAdmin();
    const started = Date.now();
    const res = await patch(INFO_SENDING_V1, { teams: ['VN', 'JP'] }, token);
    expect(res.statusCode).toBe(200);
    const change = {
      by: { id: 'user-admin', name: 'Alex Admin' },
      at: expect.any(String),
      added: ['JP'],
      removed: ['TH'],
    };
    expect(res.json()).toMatchObject({ id: INFO_SENDING_V1, teams: ['VN', 'JP'], lastChange: change });
    const at = Date.parse(res.json().lastChange.at);
    expect(at).toBeGreaterThanOrEqual(started - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);

    const listed = await list(s.w.member.token);
    expect(listed.find((f) => f.id === INFO_SENDING_V1)).toMatchObject({ teams: ['VN', 'JP'], lastChange: change });
    expect(listed.find((f) => f.id === EMAIL_SENDING_V1)!.lastChange).toBeNull();

    // the newest change is the one listed; setting the same countries again changes and records nothing
    await patch(INFO_SENDING_V1, { teams: ['VN', 'TH', 'FR'] }, token);
    expect(await changeCount()).toBe(2);
    expect((await patch(INFO_SENDING_V1, { teams: ['FR', 'TH', 'VN'] }, token)).statusCode).toBe(200);
    expect(await changeCount()).toBe(2);
    const latest = (await list(token)).find((f) => f.id === INFO_SENDING_V1)!;
    expect(latest.lastChange).toMatchObject({ added: ['TH', 'FR'], removed: ['JP'] });
    const rows = await s.t.db.query<{ teams_before: string[]; teams_after: string[]; changed_by_id: string }>(
      'SELECT teams_before, teams_after, changed_by_id FROM feature_flag_changes WHERE flag_id = $1 ORDER BY id',
      [INFO_SENDING_V1],
    );
    expect(rows).toEqual([
      { teams_before: ['VN', 'TH'], teams_after: ['VN', 'JP'], changed_by_id: 'user-admin' },
      { teams_before: ['VN', 'JP'], teams_after: ['VN', 'TH', 'FR'], changed_by_id: 'user-admin' },
    ]);
  });

  it('refuses unknown codes (400), unknown flags (404), no token (401) from the platform admin too; nothing changes', async () => {
    const token = await platformAdmin();
    const before = await flagState();
    const changes = await changeCount();
    expect((await patch(EMAIL_SENDING_V1, { teams: ['QQ'] }, token)).statusCode).toBe(400);
    expect((await patch(EMAIL_SENDING_V1, { teams: ['vn'] }, token)).statusCode).toBe(400);
    expect((await patch(EMAIL_SENDING_V1, { teams: ['VN', 'VN'] }, token)).statusCode).toBe(400);
    expect((await patch(EMAIL_SENDING_V1, { teams: 'VN' }, token)).statusCode).toBe(400);
    expect((await patch('NO_SUCH_FLAG', { teams: ['VN'] }, token)).statusCode).toBe(404);
    expect((await patch(EMAIL_SENDING_V1, { teams: [] })).statusCode).toBe(401);
    expect(await flagState()).toEqual(before);
    expect(await changeCount()).toBe(changes);
  });
});

import { describe, expect, it } from 'vitest';
import { EMAIL_SENDING_V1, INFO_SENDING_V1 } from '../../src/domain/feature-flags';
import { bearer, useServerSuite } from './fixtures';

const s = useServerSuite();

const patch = (id: string, payload: unknown, token?: string) => s.req('PATCH', `/api/features/${id}`, token, payload);

describe('features', () => {
  it('lists the flags under data', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/features', headers: bearer(s.w.member) });
    expect(res.statusCode).toBe(200);
    const flags = res.json().data as { id: string; teams: string[]; defaultState: boolean }[];
    const email = flags.find((f) => f.id === EMAIL_SENDING_V1)!;
    expect(email.teams).toContain('VN');
    expect(email.defaultState).toBe(false);
    expect(flags.find((f) => f.id === INFO_SENDING_V1)!.teams.sort()).toEqual(['TH', 'VN']);
    expect((await s.t.app.inject({ method: 'GET', url: '/api/features' })).statusCode).toBe(401);
  });

  it('lets an admin of some team set the countries of a flag', async () => {
    const res = await patch(INFO_SENDING_V1, { teams: ['VN', 'TH', 'JP'] }, s.w.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: INFO_SENDING_V1, teams: ['VN', 'TH', 'JP'], defaultState: false });
    // an admin of a team elsewhere may do it too
    expect((await patch(INFO_SENDING_V1, { teams: ['VN', 'TH'] }, s.w.outsider.token)).statusCode).toBe(200);
  });

  it('refuses non-admins (403), unknown codes (400), unknown flags (404), no token (401); nothing changes', async () => {
    const before = await s.t.db.query('SELECT teams FROM feature_flags ORDER BY id');
    expect((await patch(EMAIL_SENDING_V1, { teams: [] }, s.w.editor.token)).statusCode).toBe(403);
    expect((await patch(EMAIL_SENDING_V1, { teams: [] }, s.w.member.token)).statusCode).toBe(403);
    expect((await patch(EMAIL_SENDING_V1, { teams: ['QQ'] }, s.w.admin.token)).statusCode).toBe(400);
    expect((await patch(EMAIL_SENDING_V1, { teams: ['vn'] }, s.w.admin.token)).statusCode).toBe(400);
    expect((await patch(EMAIL_SENDING_V1, { teams: ['VN', 'VN'] }, s.w.admin.token)).statusCode).toBe(400);
    expect((await patch('NO_SUCH_FLAG', { teams: ['VN'] }, s.w.admin.token)).statusCode).toBe(404);
    expect((await patch(EMAIL_SENDING_V1, { teams: [] })).statusCode).toBe(401);
    expect(await s.t.db.query('SELECT teams FROM feature_flags ORDER BY id')).toEqual(before);
  });
});

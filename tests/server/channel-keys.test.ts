import { describe, expect, it } from 'vitest';
import { hashKey } from '../../server/channel/keys';
import { makeWorld, type Person, type TeamRef, useServerSuite } from './fixtures';
import { octo } from './octo-fixtures';

// Channel API keys: an ADMIN creates a key for an OTA (the secret is in that one answer, the
// database keeps its hash), the key opens /octo for its team, and once revoked it is refused.
const s = useServerSuite();

interface ChannelKey {
  id: string;
  channel: string;
  name: string;
  prefix: string;
  createdAt: string;
  createdBy: { id: string; name: string } | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const create = (team: TeamRef, by: Person, body: Record<string, unknown>) =>
  s.req('POST', '/api/v1/team/channel-keys', by.token, { teamId: team.id, ...body });
const list = (team: TeamRef, by: Person) => s.req('GET', `/api/v1/team/channel-keys?teamId=${team.id}`, by.token);
const revoke = (team: TeamRef, by: Person, id: string) =>
  s.req('DELETE', `/api/v1/team/channel-keys/${id}?teamId=${team.id}`, by.token);

async function newKey(team: TeamRef, by: Person, name = 'Klook live', channel = 'KLOOK') {
  const res = await create(team, by, { name, channel });
  expect(res.statusCode).toBe(200);
  return res.json() as { key: ChannelKey; secret: string };
}

const stored = (id: string) =>
  s.t.db
    .query<{
      key_hash: string;
      prefix: string;
      last_used_at: Date | null;
      revoked_at: Date | null;
      revoked_by_id: string | null;
    }>('SELECT key_hash, prefix, last_used_at, revoked_at, revoked_by_id FROM channel_keys WHERE id = $1', [id])
    .then((rows) => rows[0]);

describe('creating a channel key', () => {
  it('answers the secret once; the database holds only its hash and first characters', async () => {
    const { w } = s;
    const before = Date.now();
    const { key, secret } = await newKey(w.home, w.admin, '  Klook live  ');
    expect(secret).toMatch(/^tdk_[A-Za-z0-9_-]{43}$/);
    expect(key).toEqual({
      id: expect.any(String),
      channel: 'KLOOK',
      name: 'Klook live',
      prefix: secret.slice(0, 10),
      createdAt: expect.any(String),
      createdBy: { id: w.admin.id, name: w.admin.name },
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(new Date(key.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const row = await stored(key.id);
    expect(row.key_hash).toBe(hashKey(secret));
    expect(row.prefix).toBe(secret.slice(0, 10));
    const everything = JSON.stringify(await s.t.db.query('SELECT * FROM channel_keys WHERE id = $1', [key.id]));
    expect(everything).not.toContain(secret);
    // the list never shows the secret nor the hash
    const listed = await list(w.home, w.admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.body).not.toContain(row.key_hash);
    expect(listed.json().keys).toContainEqual(key);
  });

  it('refuses a blank, too long or missing name and an unknown channel with 400, and stores nothing', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    for (const body of [
      { name: '', channel: 'KLOOK' },
      { name: '    ', channel: 'KLOOK' },
      { name: 'x'.repeat(101), channel: 'KLOOK' },
      { channel: 'KLOOK' },
      { name: 'Expedia', channel: 'EXPEDIA' },
      { name: 'No channel' },
    ]) {
      const res = await create(w.home, w.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', message: expect.any(String) });
    }
    expect((await list(w.home, w.admin)).json().keys).toEqual([]);
    // 100 characters is fine, for each channel
    for (const channel of ['KLOOK', 'KKDAY', 'VIATOR', 'MPG']) {
      expect((await newKey(w.home, w.admin, 'y'.repeat(100), channel)).key.channel).toBe(channel);
    }
  });
});

describe('listing a team’s keys', () => {
  it('shows the team’s keys newest first, revoked ones included, and no other team’s', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    const first = await newKey(w.home, w.admin, 'First', 'VIATOR');
    const second = await newKey(w.home, w.admin, 'Second', 'MPG');
    await newKey(w.japan, w.admin, 'Japan key');
    await newKey(w.other, w.outsider, 'Other team key');
    const revoked = (await revoke(w.home, w.admin, first.key.id)).json() as ChannelKey;
    const keys = (await list(w.home, w.admin)).json().keys as ChannelKey[];
    expect(keys.map((k) => k.name)).toEqual(['Second', 'First']);
    expect(keys).toEqual([second.key, revoked]);
  });
});

describe('a key at /octo', () => {
  it('is accepted by the auth (its use recorded); after revoke it is 403 FORBIDDEN', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    const { key, secret } = await newKey(w.home, w.admin);
    const accepted = await octo(s.t, secret, 'GET', '/octo/supplier');
    // the supplier itself may still be under way; what matters here is that the key got through
    expect([401, 403]).not.toContain(accepted.statusCode);
    expect((await stored(key.id)).last_used_at).toBeInstanceOf(Date);
    const listed = ((await list(w.home, w.admin)).json().keys as ChannelKey[]).find((k) => k.id === key.id);
    expect(listed?.lastUsedAt).not.toBeNull();

    const res = await revoke(w.home, w.admin, key.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: key.id, revokedAt: expect.any(String), name: 'Klook live' });
    expect((await stored(key.id)).revoked_by_id).toBe(w.admin.id);

    const refused = await octo(s.t, secret, 'GET', '/octo/supplier');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'FORBIDDEN', errorMessage: expect.any(String) });
  });

  it('refuses an unknown key with 403 and a call without one with 401', async () => {
    const unknown = await octo(s.t, 'tdk_notAKeyOfAnyTeam', 'GET', '/octo/supplier');
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual({ error: 'FORBIDDEN', errorMessage: expect.any(String) });
    const none = await octo(s.t, null, 'GET', '/octo/supplier');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'UNAUTHORIZED', errorMessage: expect.any(String) });
  });
});

describe('revoking a key', () => {
  it('twice answers the key unchanged (the first revocation and revoker stay)', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    const { key } = await newKey(w.home, w.admin);
    const first = await revoke(w.home, w.admin, key.id);
    const again = await revoke(w.home, w.admin, key.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await stored(key.id)).revoked_by_id).toBe(w.admin.id);
  });

  it('answers 404 for a key of another team or an unknown id, and the other team’s key keeps working', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    const theirs = await newKey(w.other, w.outsider);
    for (const id of [theirs.key.id, '7d1f0d58-0000-4000-8000-000000000000']) {
      const res = await revoke(w.home, w.admin, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    expect((await stored(theirs.key.id)).revoked_at).toBeNull();
    expect([401, 403]).not.toContain((await octo(s.t, theirs.secret, 'GET', '/octo/supplier')).statusCode);
  });
});

describe('who may', () => {
  it('only the team’s ADMIN: MEMBER, EDITOR and other teams get 403, even for an unknown key id', async () => {
    const w = await makeWorld(s.t.db, s.t.config);
    const { key } = await newKey(w.home, w.admin);
    for (const by of [w.member, w.editor, w.outsider]) {
      expect((await list(w.home, by)).statusCode).toBe(403);
      expect((await create(w.home, by, { name: 'Sneaky', channel: 'KLOOK' })).statusCode).toBe(403);
      expect((await revoke(w.home, by, key.id)).statusCode).toBe(403);
      const unknown = await revoke(w.home, by, '7d1f0d58-0000-4000-8000-000000000001');
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    expect((await s.req('GET', `/api/v1/team/channel-keys?teamId=${w.home.id}`)).statusCode).toBe(401);
    const keys = (await list(w.home, w.admin)).json().keys as ChannelKey[];
    expect(keys).toEqual([key]);
  });
});

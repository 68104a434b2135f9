import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeIdentityKeys, type StoredIdentityKeys } from '../../server/identity/keys';
import { startCluster, type Cluster } from '../../scripts/cluster';
import { signIdToken, TEST_CLIENT_ID } from './helpers';
import { postgresUrl } from './postgres-only';

// `npm run cluster`: two server processes on one fresh PostgreSQL database behind the round-robin
// proxy. PostgreSQL only (one database shared by processes).
const url = postgresUrl();

describe('a cluster of two instances', () => {
  const name = `tourdesk_cluster_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  let databaseUrl: string;
  let cluster: Cluster;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    cluster = await startCluster({ instances: 2, databaseUrl, env: { NODE_ENV: 'test', LOG_LEVEL: 'warn' } });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  const instanceOf = (res: Response) => Number(res.headers.get('x-instance'));

  it('comes up from an empty database (migrated and seeded once) and alternates requests between its instances', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await fetch(`${cluster.url}/api/health/ready`));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const seen = answers.map(instanceOf);
    expect(new Set(seen)).toEqual(new Set([1, 2]));
    for (let i = 1; i < seen.length; i++) expect(seen[i]).not.toBe(seen[i - 1]);
    expect(await answers[0].json()).toEqual({ status: 'ready' });

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      expect((await db.query('SELECT count(*)::int AS n FROM teams')).rows[0].n).toBe(6);
      expect((await db.query('SELECT count(*)::int AS n FROM server_secrets')).rows[0].n).toBe(2);
    } finally {
      await db.end();
    }
  });

  let accessToken: string;

  it('accepts on one instance the access token the other issued', async () => {
    // an ID token the cluster's embedded provider could have issued (its keys are in the database)
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    let keys: StoredIdentityKeys;
    try {
      keys = (await db.query("SELECT value FROM server_secrets WHERE name = 'identity_keys'")).rows[0].value;
    } finally {
      await db.end();
    }
    const email = 'admin@tourdesk.test';
    const idToken = await signIdToken(
      { sub: email, email, name: 'Admin' },
      { keys: completeIdentityKeys(keys), issuer: `${cluster.origin}/oidc`, audience: TEST_CLIENT_ID },
    );
    const signIn = await fetch(`${cluster.url}/api/v1/users/signin/oidc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
    });
    expect(signIn.status).toBe(200);
    accessToken = (await signIn.json()).accessToken;
    const me = await fetch(`${cluster.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);
    expect(instanceOf(me)).not.toBe(instanceOf(signIn));
    expect((await me.json()).email).toBe(email);
  });

  it('passes a live stream through as it is written, and its instance ends it with a retry hint when stopped', async () => {
    const auth = { authorization: `Bearer ${accessToken}` };
    const me = await (await fetch(`${cluster.url}/api/v1/users/me`, { headers: auth })).json();
    const stream = await fetch(`${cluster.url}/api/v1/events?teamId=${me.teams[0].id}`, { headers: auth });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (mark: string) => {
      while (!text.includes(mark)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      return text.includes(mark);
    };
    // the first messages arrive while the response is still open: nothing buffers them
    expect(await readUntil('event: ready')).toBe(true);
    const serving = cluster.instances[instanceOf(stream) - 1];
    const restarting = serving.restart();
    expect(await readUntil('event: bye')).toBe(true);
    expect(text).toContain('retry: 1000');
    await restarting;
  });

  it('keeps answering through the other instance while one restarts', async () => {
    const restarting = cluster.instances[0].restart();
    const statuses: number[] = [];
    let done = false;
    void restarting.finally(() => (done = true));
    while (!done) {
      statuses.push((await fetch(`${cluster.url}/api/health/live`)).status);
      await new Promise((r) => setTimeout(r, 50));
    }
    await restarting;
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const after = [];
    for (let i = 0; i < 2; i++) after.push(instanceOf(await fetch(`${cluster.url}/api/health/ready`)));
    expect(new Set(after)).toEqual(new Set([1, 2]));
  });
});

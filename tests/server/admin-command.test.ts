import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlatformAdmin } from '../../server/auth/platform-admin';
import { openDb } from '../../server/db/client';
import { createTestDb } from './helpers';

// The first platform admin comes from a command, never from demo data: `npm run admin -- --email`
// makes that address an ADMIN of the Tech Team on an empty production database, and records it.
const run = promisify(execFile);

describe('makePlatformAdmin (the command’s work) on an empty database', () => {
  let database: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(() => database?.drop());
  const q = <T>(sql: string, params: unknown[] = []) => database.db.query<T>(sql, params);

  it('creates the Tech Team and the user, makes them its ADMIN and records who and when', async () => {
    const result = await makePlatformAdmin(database.db, { email: ' First.Admin@Example.com ', name: 'First Admin' });
    expect(result).toEqual({ email: 'first.admin@example.com', userCreated: true, previousRole: undefined });
    expect(await q('SELECT code, name, timezone, continent FROM teams')).toEqual([
      { code: 'XX', name: 'Tech Team', timezone: 'UTC', continent: 'Global' },
    ]);
    expect(await q('SELECT email, name, issuer, subject FROM users')).toEqual([
      { email: 'first.admin@example.com', name: 'First Admin', issuer: null, subject: null },
    ]);
    expect(await q('SELECT m.role, t.code FROM memberships m JOIN teams t ON t.id = m.team_id')).toEqual([
      { role: 'ADMIN', code: 'XX' },
    ]);
    const events = await q<Record<string, unknown>>(
      'SELECT type, actor_id, email, name, from_role, to_role, created_at FROM member_events',
    );
    expect(events).toEqual([
      {
        type: 'JOINED',
        actor_id: null,
        email: 'first.admin@example.com',
        name: 'First Admin',
        from_role: null,
        to_role: 'ADMIN',
        created_at: expect.any(Date),
      },
    ]);
  });

  it('changes nothing when run again', async () => {
    const snapshot = async () => ({
      teams: await q('SELECT * FROM teams ORDER BY id'),
      users: await q('SELECT * FROM users ORDER BY id'),
      memberships: await q('SELECT * FROM memberships ORDER BY user_id'),
      events: await q('SELECT * FROM member_events ORDER BY id'),
    });
    const before = await snapshot();
    const again = await makePlatformAdmin(database.db, { email: 'first.admin@example.com', name: 'Another Name' });
    expect(again).toEqual({ email: 'first.admin@example.com', userCreated: false, previousRole: 'ADMIN' });
    expect(await snapshot()).toEqual(before);
  });

  it('promotes a user who is already in the Tech Team, and adds a second admin next to the first', async () => {
    const [team] = await q<{ id: string }>("SELECT id FROM teams WHERE code = 'XX'");
    await q("INSERT INTO users (id, email, name) VALUES ('u-member', 'member@example.com', 'Mia Member')");
    await q("INSERT INTO memberships (user_id, team_id, role) VALUES ('u-member', $1, 'MEMBER')", [team.id]);
    expect(await makePlatformAdmin(database.db, { email: 'member@example.com' })).toEqual({
      email: 'member@example.com',
      userCreated: false,
      previousRole: 'MEMBER',
    });
    expect(await q("SELECT type, from_role, to_role FROM member_events WHERE email = 'member@example.com'")).toEqual([
      { type: 'ROLE_CHANGED', from_role: 'MEMBER', to_role: 'ADMIN' },
    ]);
    expect(await q("SELECT count(*)::int AS n FROM teams WHERE code = 'XX'")).toEqual([{ n: 1 }]);
    expect(
      await q("SELECT count(*)::int AS n FROM memberships WHERE team_id = $1 AND role = 'ADMIN'", [team.id]),
    ).toEqual([{ n: 2 }]);
  });

  it('refuses what is not an e-mail address and writes nothing', async () => {
    const users = await q('SELECT id FROM users');
    await expect(makePlatformAdmin(database.db, { email: 'not an address' })).rejects.toThrow(/not an e-mail address/);
    expect(await q('SELECT id FROM users')).toEqual(users);
  });
});

describe('npm run admin', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tourdesk-admin-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = () => ({ ...process.env, DATA_DIR: dir, DATABASE_URL: '' });
  /** The command as the README gives it, and the script straight (quicker: no npm) for the rest. */
  const npmAdmin = (...args: string[]) => run('npm', ['run', '--silent', 'admin', '--', ...args], { env: env() });
  const admin = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { env: env() });

  it('prints one line, is idempotent, and refuses a bad address with code 2', { timeout: 120_000 }, async () => {
    const first = await npmAdmin('--email', 'owner@example.com', '--name', 'Olga Owner');
    expect(first.stdout.trim().split('\n')).toEqual([
      'owner@example.com is now a platform admin (ADMIN of the Tech Team); they sign in with that address.',
    ]);
    const again = await admin('--email', 'owner@example.com');
    expect(again.stdout.trim()).toBe(
      'owner@example.com is already a platform admin (ADMIN of the Tech Team): nothing changed.',
    );
    await expect(admin('--email', 'nope')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--email must be an e-mail address'),
    });
    await expect(admin()).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--email is required') });

    const db = await openDb({ dataDir: dir });
    try {
      expect(
        await db.query(
          `SELECT u.email, u.name, m.role, t.code FROM users u
             JOIN memberships m ON m.user_id = u.id JOIN teams t ON t.id = m.team_id`,
        ),
      ).toEqual([{ email: 'owner@example.com', name: 'Olga Owner', role: 'ADMIN', code: 'XX' }]);
    } finally {
      await db.close();
    }
  });
});

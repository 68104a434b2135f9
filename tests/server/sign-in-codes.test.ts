import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { insertInvitation } from '../../server/repo/invitations';
import { startCodeLogin, type CodeLogin } from './code-login';
import { createTestApp, type TestApp } from './helpers';
import { startReceiver, type SmtpReceiver } from './smtp-receiver';

// The embedded provider in production: a one-time code e-mailed through SMTP_URL (a real receiver
// here), bound to the sign-in, 10 minutes, one use, 5 wrong tries; the same answer for any address.
let receiver: SmtpReceiver;
let t: TestApp;

const SENT = (email: string) => `If ${email} can sign in to Tourdesk, a code is on its way.`;
const INVALID = 'That code is not valid any more: ask for a new one.';

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({
    orders: 0,
    config: {
      mode: 'production',
      smtpUrl: receiver.url,
      // the form limit is tried on an app of its own below
      rateLimits: { ...DEFAULT_RATE_LIMITS, signInForm: { limit: 10_000, windowSeconds: 60 } },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** Where the receiver's list stands now: mailedAfter(mark, ...) reads what arrives from here on. */
const mark = () => receiver.received.length;

/** The first e-mail to `to` after `from`, and the code in it (waits up to `timeoutMs`). */
async function mailedAfter(
  from: number,
  to: string,
  timeoutMs = 15_000,
): Promise<{ code: string; subject: string; text: string }> {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
    const got = receiver.received.slice(from).find((m) => m.to.includes(to));
    if (!got) continue;
    const text = got.mail.text ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`No code in: ${text}`);
    return { code, subject: got.mail.subject ?? '', text };
  }
  throw new Error(`No e-mail to ${to} within ${timeoutMs} ms`);
}

/** Asks for a code on the sign-in and reads it from the mailbox. */
async function askAndRead(login: CodeLogin, email: string) {
  const from = mark();
  const res = await login.askCode(email);
  expect(res.statusCode).toBe(200);
  return { res, ...(await mailedAfter(from, email.toLowerCase())) };
}

const signIn = (idToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/signin/oidc', payload: { idToken } });

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in with an e-mailed code (production)', () => {
  it('asks for an e-mail address only: no demo accounts, no demo notice', async () => {
    const login = await startCodeLogin(t.app);
    expect(login.page).toContain('<label for="email">Email</label>');
    expect(login.page).toMatch(/<button[^>]*>Send me a code<\/button>/);
    expect(login.page).not.toContain('tourdesk.test');
    expect(login.page).not.toContain('Demo');
  });

  it('signs in with the code once, and the code is worth nothing afterwards', async () => {
    const login = await startCodeLogin(t.app);
    const { res: asked, code, subject, text } = await askAndRead(login, 'Admin@Tourdesk.test');
    expect(asked.body).toContain(SENT('admin@tourdesk.test'));
    expect(subject).toBe('Your Tourdesk sign-in code');
    expect(text).toContain('10 minutes');
    // straight through SMTP, not the outbox
    expect(await t.db.query('SELECT id FROM email_messages')).toEqual([]);

    const done = await login.sendCode(code.slice(0, 3) + ' ' + code.slice(3));
    expect(done.statusCode).toBe(303);
    const idToken = await login.finish(done);
    expect(decodeJwt(idToken)).toMatchObject({ email: 'admin@tourdesk.test', email_verified: true });
    expect((await signIn(idToken)).statusCode).toBe(200);

    // the same code again: on that finished sign-in, and on a new one in the same browser
    const replay = await login.sendCode(code);
    expect(replay.statusCode).toBe(400);
    const other = await startCodeLogin(t.app);
    await askAndRead(other, 'editor@tourdesk.test');
    const stolen = await other.sendCode(code);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body).toContain(INVALID);
  });

  it('gives an unknown address exactly the answer a known one gets, and e-mails it nothing', async () => {
    const known = await startCodeLogin(t.app);
    const unknown = await startCodeLogin(t.app);
    const { res: a } = await askAndRead(known, 'member@tourdesk.test');
    const from = mark();
    const b = await unknown.askCode('nobody@example.com');
    expect(b.statusCode).toBe(a.statusCode);
    const same = (body: string, uid: string, email: string) => body.replaceAll(uid, 'UID').replaceAll(email, 'EMAIL');
    expect(same(b.body, unknown.uid, 'nobody@example.com')).toBe(same(a.body, known.uid, 'member@tourdesk.test'));
    expect(b.body).toContain(SENT('nobody@example.com'));

    // any code fails the same way for it, and nothing ever arrives
    const tried = await unknown.sendCode('123456');
    expect(tried.statusCode).toBe(400);
    expect(tried.body).toContain(INVALID);
    await expect(mailedAfter(from, 'nobody@example.com', 1000)).rejects.toThrow(/No e-mail/);
  });

  it('dies after 5 wrong codes: the right one no longer works', async () => {
    const login = await startCodeLogin(t.app);
    const { code } = await askAndRead(login, 'member@tourdesk.test');
    for (let i = 0; i < 5; i++) {
      const res = await login.sendCode(wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(INVALID);
      expect(res.body).not.toMatch(/account/i);
    }
    const late = await login.sendCode(code);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain(INVALID);
  });

  it('still takes the right code after fewer wrong tries', async () => {
    const login = await startCodeLogin(t.app);
    const { code } = await askAndRead(login, 'member@tourdesk.test');
    for (let i = 0; i < 4; i++) expect((await login.sendCode(wrong(code))).statusCode).toBe(400);
    const idToken = await login.finish(await login.sendCode(code));
    expect(decodeJwt(idToken).email).toBe('member@tourdesk.test');
  });

  it('expires after 10 minutes', async () => {
    const login = await startCodeLogin(t.app);
    const { code } = await askAndRead(login, 'editor@tourdesk.test');
    const [row] = await t.db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes
         FROM sign_in_codes WHERE interaction_uid = $1 AND used_at IS NULL`,
      [login.uid],
    );
    expect(row.minutes).toBe(10);
    // ten minutes pass
    await t.db.query(
      `UPDATE sign_in_codes SET expires_at = now() - interval '1 second', created_at = created_at - interval '10 minutes'
        WHERE interaction_uid = $1`,
      [login.uid],
    );
    const res = await login.sendCode(code);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(INVALID);
  });

  it('ends the previous code when a new one is asked for', async () => {
    const login = await startCodeLogin(t.app);
    const first = await askAndRead(login, 'editor@tourdesk.test');
    const second = await askAndRead(login, 'editor@tourdesk.test');
    if (first.code !== second.code) expect((await login.sendCode(first.code)).statusCode).toBe(400);
    const idToken = await login.finish(await login.sendCode(second.code));
    expect(decodeJwt(idToken).email).toBe('editor@tourdesk.test');
  });

  it('e-mails a code to an address with an open invitation, and not once it is revoked', async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@example.com`;
    const [admin] = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'admin@tourdesk.test'");
    const [team] = await t.db.query<{ id: string }>("SELECT id FROM teams WHERE code = 'VN'");
    await insertInvitation(t.db, {
      id: randomUUID(),
      teamId: team.id,
      email,
      role: 'MEMBER',
      tokenHash: randomUUID(),
      invitedBy: { userId: admin.id, name: 'Alex Admin' },
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const login = await startCodeLogin(t.app);
    const { code } = await askAndRead(login, email);
    const idToken = await login.finish(await login.sendCode(code));
    expect(decodeJwt(idToken).email).toBe(email);

    await t.db.query('UPDATE invitations SET revoked_at = now() WHERE email = $1', [email]);
    const after = await startCodeLogin(t.app);
    const from = mark();
    expect((await after.askCode(email)).body).toContain(SENT(email));
    await expect(mailedAfter(from, email, 1000)).rejects.toThrow(/No e-mail/);
  });

  it('refuses a malformed address with the form again (400)', async () => {
    const login = await startCodeLogin(t.app);
    const res = await login.askCode('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a whole e-mail address');
    expect(res.body).toContain('Send me a code');
  });
});

describe('limits', () => {
  it('answers 429 with Retry-After after too many codes for one address, whether it may sign in or not', async () => {
    for (const email of ['limit-known@tourdesk.test', 'limit-unknown@example.com']) {
      if (email.endsWith('tourdesk.test')) {
        await t.db.query("INSERT INTO users (id, email, name) VALUES ($1, $2, 'Limit Known')", [randomUUID(), email]);
      }
      const login = await startCodeLogin(t.app);
      const { limit } = DEFAULT_RATE_LIMITS.signInCode;
      for (let i = 0; i < limit; i++) expect((await login.askCode(email)).statusCode).toBe(200);
      const refused = await login.askCode(email);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain('Too many attempts');
      // another address is not held up
      expect((await login.askCode('member@tourdesk.test')).statusCode).toBe(200);
    }
  });

  it('answers 429 with Retry-After after too many posts of the forms from one client address', async () => {
    const limited = await createTestApp({
      orders: false,
      config: {
        mode: 'production',
        smtpUrl: receiver.url,
        rateLimits: { ...DEFAULT_RATE_LIMITS, signInForm: { limit: 3, windowSeconds: 600 } },
      },
    });
    try {
      const login = await startCodeLogin(limited.app);
      expect((await login.askCode('a@example.com', '203.0.113.7')).statusCode).toBe(200);
      expect((await login.sendCode('111111', '203.0.113.7')).statusCode).toBe(400);
      expect((await login.sendCode('222222', '203.0.113.7')).statusCode).toBe(400);
      const refused = await login.sendCode('333333', '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect(refused.headers['content-type']).toContain('text/html');
      expect(refused.body).toContain('Too many attempts');
      expect((await login.askCode('a@example.com', '203.0.113.7')).statusCode).toBe(429);
      // counted per client address
      expect((await login.askCode('a@example.com', '198.51.100.1')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the demo', () => {
  it('has no code form: its sign-in is by address', async () => {
    const demo = await createTestApp({ orders: false });
    try {
      const login = await startCodeLogin(demo.app);
      expect(login.page).toContain('Demo: sample data');
      expect((await login.sendCode('123456')).statusCode).toBe(400);
    } finally {
      await demo.close();
    }
  });
});

import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidAccessToken, issueAccessToken, verifyAccessToken } from '../../server/auth/tokens';

/** The verified-token cache must never accept what a full verification would refuse. */
const user = { id: 'u-cache', email: 'cache@example.test', name: 'Cache' };
const a = { tokenSecret: 'a'.repeat(32) };
const b = { tokenSecret: 'b'.repeat(32) };

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken, cached', () => {
  it('answers the same user again, and refuses the token under another secret', async () => {
    const token = await issueAccessToken(user, a);
    const { jti, exp } = decodeJwt(token);
    const expected = { userId: user.id, email: user.email, name: user.name, token: { id: jti, expiresAt: exp } };
    expect(await verifyAccessToken(token, a)).toEqual(expected);
    expect(await verifyAccessToken(token, a)).toEqual(expected);
    await expect(verifyAccessToken(token, b)).rejects.toBeInstanceOf(InvalidAccessToken);
  });

  it('refuses a verified token once it has expired', async () => {
    const token = await issueAccessToken(user, a, 60);
    await verifyAccessToken(token, a);
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] });
    await expect(verifyAccessToken(token, a)).rejects.toThrow('Access token has expired');
  });
});

describe('access token ids', () => {
  it('gives every token an id of its own (what a logout revokes), and refuses a token without one', async () => {
    const first = decodeJwt(await issueAccessToken(user, a)).jti;
    const second = decodeJwt(await issueAccessToken(user, a)).jti;
    expect(first).toMatch(/^[\w-]{20,}$/);
    expect(second).not.toBe(first);
  });
});

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
    expect(await verifyAccessToken(token, a)).toEqual({ userId: user.id, email: user.email, name: user.name });
    expect(await verifyAccessToken(token, a)).toEqual({ userId: user.id, email: user.email, name: user.name });
    await expect(verifyAccessToken(token, b)).rejects.toBeInstanceOf(InvalidAccessToken);
  });

  it('refuses a verified token once it has expired', async () => {
    const token = await issueAccessToken(user, a, 60);
    await verifyAccessToken(token, a);
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] });
    await expect(verifyAccessToken(token, a)).rejects.toThrow('Access token has expired');
  });
});

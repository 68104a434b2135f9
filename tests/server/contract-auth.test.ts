import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOperations, loadContract } from '../../server/openapi-routes';
import { createTestApp, type TestApp } from './helpers';

// Generated from the contract itself: every operation that declares bearer security refuses a
// request without a token, with a forged token and with an expired one, with the real handlers.
const operations = contractOperations(loadContract());
const protectedOps = operations.filter((op) => op.bearer);

let t: TestApp;
let forged: string;
let expired: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
  const claims = { email: 'admin@tourdesk.test', name: 'Admin' };
  forged = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('someone')
    .setIssuer('tourdesk-api')
    .setAudience('tourdesk-api')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
  expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('someone')
    .setIssuer('tourdesk-api')
    .setAudience('tourdesk-api')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(t.config.tokenSecret));
});
afterAll(() => t?.close());

const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, 'CONFIRMATION');

describe('every protected operation of the contract', () => {
  it('covers the whole contract but the public calls', () => {
    const open = operations.filter((op) => !op.bearer).map((op) => op.operationId);
    expect(open.sort()).toEqual([
      'downloadExport',
      'getHealth',
      'getHealthLive',
      'getHealthReady',
      'getInvitation',
      'register',
      'signIn',
    ]);
    expect(protectedOps.length).toBeGreaterThanOrEqual(45);
  });

  it.each(protectedOps.map((op) => [op.operationId, op] as const))(
    '%s answers 401 without a valid token',
    async (_, op) => {
      for (const authorization of [undefined, `Bearer ${forged}`, `Bearer ${expired}`, 'Basic abc']) {
        const res = await t.app.inject({
          method: op.method,
          url: urlOf(op.path),
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, `${op.operationId} with ${authorization ?? 'no token'}`).toBe(401);
        expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
      }
    },
  );
});

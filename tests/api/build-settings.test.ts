import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserConfig } from 'vite';
import { identitySettings } from '../../src/api/identity';

// What `npm start` bakes into the app (vite.config.ts): the mode, the issuer, the client id and
// whether to use the server's token proxy; never the client secret.
const SECRET = 'top-secret-client-secret-value';
const saved = { ...process.env };

async function viteConfig(env: Record<string, string>): Promise<UserConfig> {
  Object.assign(process.env, env);
  vi.resetModules();
  return (await import('../../vite.config')).default as UserConfig;
}

afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe('the build settings', () => {
  it('bake a flag for the token proxy, never the client secret', async () => {
    const config = await viteConfig({
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'desk.apps.googleusercontent.com',
      OIDC_CLIENT_SECRET: SECRET,
    });
    expect(config.envPrefix ?? 'VITE_').not.toContain('OIDC_');
    expect(JSON.stringify(config.define)).not.toContain(SECRET);
    expect(config.define).toMatchObject({
      'import.meta.env.OIDC_ISSUER': JSON.stringify('https://accounts.google.com'),
      'import.meta.env.OIDC_CLIENT_ID': JSON.stringify('desk.apps.googleusercontent.com'),
      'import.meta.env.OIDC_TOKEN_PROXY': JSON.stringify('1'),
    });
  });

  it('use no proxy with the embedded provider, and mark a build not started in production as the demo', async () => {
    const config = await viteConfig({});
    expect(config.define).toMatchObject({
      'import.meta.env.OIDC_TOKEN_PROXY': JSON.stringify(''),
      'import.meta.env.TOURDESK_MODE': JSON.stringify('demo'),
    });
  });
});

describe('the sign-in settings', () => {
  it("exchange the code at the server's token proxy when told, keeping the issuer for the rest", () => {
    const s = identitySettings('https://desk.example', 'https://accounts.google.com', 'desk', true);
    expect(s.authority).toBe('https://accounts.google.com');
    expect(s.metadataSeed).toEqual({ token_endpoint: 'https://desk.example/auth/token' });
    expect(
      identitySettings('https://desk.example', 'https://accounts.google.com', 'desk').metadataSeed,
    ).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { identitySettings } from '../../src/api/identity';

describe('identity settings', () => {
  it('signs in against the embedded provider of the same origin by default', () => {
    const s = identitySettings('http://localhost:3000');
    expect(s.authority).toBe('http://localhost:3000/oidc');
    expect(s.client_id).toBe('tourdesk-app');
    expect(s.redirect_uri).toBe('http://localhost:3000/auth/callback');
    expect(s.response_type).toBe('code');
    expect(s.scope).toBe('openid email profile');
  });

  it('uses the issuer and client the server is configured with', () => {
    const s = identitySettings('https://desk.example', 'https://accounts.example', 'desk-prod');
    expect(s.authority).toBe('https://accounts.example');
    expect(s.client_id).toBe('desk-prod');
    expect(s.post_logout_redirect_uri).toBe('https://desk.example/auth/login');
  });
});

import { describe, expect, it } from 'vitest';
import { describeMemberChange, isEmailAddress } from '../../src/domain/members';
import { invitationPath, isInvitationPath, isReturnPath, PATHS } from '../../src/domain/paths';
import { decideRoute, type Access } from '../../src/domain/route-guards';

describe('the members’ rules', () => {
  it('tells an e-mail address from anything else', () => {
    expect(isEmailAddress(' casey@example.com ')).toBe(true);
    for (const bad of ['', 'casey', 'casey@', '@example.com', 'casey@example', 'a b@example.com'])
      expect(isEmailAddress(bad), bad).toBe(false);
  });

  it('says each change of the history in words', () => {
    const base = { email: 'minh@example.com', name: 'Minh Member' };
    expect(describeMemberChange({ ...base, type: 'INVITED', name: null, toRole: 'EDITOR' })).toBe(
      'invited minh@example.com as Editor',
    );
    expect(describeMemberChange({ ...base, type: 'INVITATION_REVOKED', toRole: 'EDITOR' })).toBe(
      'revoked the invitation of minh@example.com',
    );
    expect(describeMemberChange({ ...base, type: 'JOINED', toRole: 'MEMBER' })).toBe('joined as Member');
    expect(describeMemberChange({ ...base, type: 'ROLE_CHANGED', fromRole: 'MEMBER', toRole: 'ADMIN' })).toBe(
      'changed Minh Member’s role from Member to Admin',
    );
    expect(describeMemberChange({ ...base, type: 'REMOVED', fromRole: 'MEMBER' })).toBe('removed Minh Member');
  });
});

describe('an invitation’s screen and the route guards', () => {
  const path = invitationPath('tok_abc');
  const everybody: Access[] = [
    { status: 'anonymous' },
    { status: 'teamless' },
    { status: 'member', platformAdmin: false },
    { status: 'member', platformAdmin: true },
  ];

  it('opens for everybody once the session has settled (no onboarding, no login first)', () => {
    expect(path).toBe('/invitations/tok_abc');
    expect(invitationPath('tok_abc', true)).toBe('/invitations/tok_abc?accept=1');
    for (const access of everybody) expect(decideRoute(path, access), access.status).toEqual({ kind: 'allow' });
    expect(decideRoute(path, { status: 'pending' })).toEqual({ kind: 'wait' });
    // only the screens of links: the bare folder is no page
    expect(isInvitationPath(PATHS.invitations)).toBe(false);
    expect(decideRoute(PATHS.invitations, { status: 'anonymous' })).toEqual({ kind: 'redirect', to: PATHS.login });
  });

  it('comes back only to paths of this app', () => {
    expect(isReturnPath('/invitations/tok_abc?accept=1')).toBe(true);
    for (const away of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/a\\b',
      'invitations/x',
    ])
      expect(isReturnPath(away), away).toBe(false);
  });
});

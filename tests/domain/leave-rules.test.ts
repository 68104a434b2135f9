import { describe, expect, it } from 'vitest';
import { holdsNavigation } from '../../src/domain/leave-rules';

describe('holdsNavigation', () => {
  it('holds the way to another page only while a draft is unsaved', () => {
    expect(holdsNavigation(true, '/products', '/statistics')).toBe(true);
    expect(holdsNavigation(false, '/products', '/statistics')).toBe(false);
  });

  it('lets a change on the same page through (a search, a filter, a trailing slash)', () => {
    expect(holdsNavigation(true, '/marketing/ads-list', '/marketing/ads-list/')).toBe(false);
    expect(holdsNavigation(true, '/products', '/products')).toBe(false);
  });

  it('lets the ended session reach the sign-in page (signed out, or a 401)', () => {
    expect(holdsNavigation(true, '/products', '/auth/login')).toBe(false);
    expect(holdsNavigation(true, '/products', '/auth/login/')).toBe(false);
    // a page whose name merely starts like it is still another page
    expect(holdsNavigation(true, '/products', '/authors')).toBe(true);
  });
});

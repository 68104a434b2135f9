import { describe, expect, it } from 'vitest';
import { applyRouteRules, isAbsoluteUrl, ROUTE_RULES } from '../../src/domain/route-rules';

describe('route rules', () => {
  it('redirects / to the new orders; /orders/inbox is a screen of its own', () => {
    expect(applyRouteRules('/')).toEqual({ kind: 'redirect', to: '/orders/new-added' });
    expect(applyRouteRules('/orders/inbox')).toEqual({ kind: 'none' });
    expect(applyRouteRules('/orders/inbox/')).toEqual({ kind: 'none' });
    expect(applyRouteRules('/auth')).toEqual({ kind: 'redirect', to: '/auth/login' });
  });

  it('leaves other paths alone', () => {
    expect(applyRouteRules('/orders')).toEqual({ kind: 'none' });
    expect(applyRouteRules('/orders/new-added', ROUTE_RULES)).toEqual({ kind: 'none' });
  });

  it('leaves the app for an absolute redirect', () => {
    const rules = {
      '/help': { redirect: 'https://help.example.com/tourdesk' },
      '/cdn': { redirect: '//cdn.example.com/x' },
    };
    expect(applyRouteRules('/help', rules)).toEqual({ kind: 'leave', url: 'https://help.example.com/tourdesk' });
    expect(applyRouteRules('/cdn', rules)).toEqual({ kind: 'leave', url: '//cdn.example.com/x' });
  });

  it('tells absolute URLs from paths', () => {
    expect(isAbsoluteUrl('https://example.com')).toBe(true);
    expect(isAbsoluteUrl('mailto://x')).toBe(true);
    expect(isAbsoluteUrl('/orders')).toBe(false);
    expect(isAbsoluteUrl('orders')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, chunkReloadWait, isChunkLoadError } from '../../src/domain/chunk-reload';
import { wantsInspector } from '../../src/domain/inspector';
import { AREA_TITLES, NAV_AREAS, navAreasFor, ORDER_VIEW_LABELS, tourViewTitle } from '../../src/domain/navigation';
import { isCallbackPath, normalizePath, wasSignedOut } from '../../src/domain/paths';
import { pageTitle, PRODUCT_NAME } from '../../src/domain/product';
import { toggleId, uniqueIds } from '../../src/domain/selection-rules';
import { STORAGE_KEYS } from '../../src/domain/storage-keys';

describe('product and titles', () => {
  it('names the product once', () => {
    expect(PRODUCT_NAME).toBe('Tourdesk');
  });

  it('titles a page `<Page> | Tourdesk`, or `Tourdesk` alone', () => {
    expect(pageTitle('Login')).toBe('Login | Tourdesk');
    expect(pageTitle()).toBe('Tourdesk');
    expect(pageTitle('  ')).toBe('Tourdesk');
  });

  it('keeps the storage keys of the specification', () => {
    expect(STORAGE_KEYS.token).toBe('AUTH');
    expect(STORAGE_KEYS.teamId).toBe('teamId');
  });
});

describe('paths', () => {
  it('normalises trailing slashes', () => {
    expect(normalizePath('/orders/')).toBe('/orders');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });

  it('recognises the sign-in callback and the forced sign-out flag', () => {
    expect(isCallbackPath('/auth/callback')).toBe(true);
    expect(isCallbackPath('/auth/callback/')).toBe(true);
    expect(isCallbackPath('/auth/login')).toBe(false);
    expect(wasSignedOut('?unauthorized=1')).toBe(true);
    expect(wasSignedOut('?unauthorized=0')).toBe(false);
    expect(wasSignedOut('')).toBe(false);
  });
});

describe('selection ids', () => {
  it('toggles and de-duplicates ids', () => {
    expect(toggleId(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a')).toEqual(['b']);
    expect(uniqueIds(['a', 'a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('chunk reload guard', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('allows a reload when none happened within 10 s', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(chunkReloadWait(null, 50_000)).toBe(0);
    expect(chunkReloadWait(30_000, 50_000)).toBe(0);
    expect(chunkReloadWait(40_000, 50_000)).toBe(0);
  });

  it('waits out the rest of the 10 s after a recent reload', () => {
    expect(chunkReloadWait(45_000, 50_000)).toBe(5_000);
    expect(chunkReloadWait(50_000, 50_000)).toBe(10_000);
    expect(chunkReloadWait(49_000, 50_000, 2_000)).toBe(1_000);
  });

  it('does not block forever when the clock went back', () => {
    expect(chunkReloadWait(60_000, 50_000)).toBe(0);
  });
});

describe('navigation', () => {
  it('links every area with its view sub-links', () => {
    expect(NAV_AREAS.map((a) => a.to)).toEqual([
      '/orders',
      '/tours',
      '/products',
      '/statistics',
      '/export',
      '/deleted',
      '/marketing',
      '/setting',
    ]);
    expect(NAV_AREAS[0].links.map((l) => l.to)).toEqual([
      '/orders/inbox',
      '/orders/new-added',
      '/orders/pending',
      '/orders/issues',
      '/orders/cancel-requested',
      '/orders/canceled',
    ]);
    expect(NAV_AREAS[1].links).toHaveLength(5);
  });

  it('shows the feature toggles to platform admins only', () => {
    const settingsLinks = (platformAdmin: boolean) =>
      navAreasFor(platformAdmin)
        .find((a) => a.to === '/setting')
        ?.links.map((l) => l.to);
    expect(settingsLinks(true)).toEqual(['/setting/feature-toggle']);
    expect(settingsLinks(false)).toEqual([]);
  });

  it('shows Recently deleted to editors and admins of the team only', () => {
    const shown = (role: 'ADMIN' | 'EDITOR' | 'MEMBER' | null) =>
      navAreasFor(false, role).some((a) => a.to === '/deleted');
    expect([shown('ADMIN'), shown('EDITOR'), shown('MEMBER'), shown(null)]).toEqual([true, true, false, false]);
  });

  it('titles the screens', () => {
    expect(ORDER_VIEW_LABELS['new-added']).toBe('New orders');
    expect(tourViewTitle('arranged')).toBe('Tours — Arranged');
    expect(AREA_TITLES.featureToggle).toBe('Feature toggles');
  });
});

describe('inspector switch', () => {
  it('turns on with ?inspect or VITE_INSPECT=1', () => {
    expect(wantsInspector('?inspect', undefined)).toBe(true);
    expect(wantsInspector('?a=1&inspect=1', undefined)).toBe(true);
    expect(wantsInspector('', '1')).toBe(true);
    expect(wantsInspector('', undefined)).toBe(false);
    expect(wantsInspector('?inspector', '0')).toBe(false);
  });
});

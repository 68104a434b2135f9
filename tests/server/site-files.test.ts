import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// /robots.txt and /favicon.ico are real files, with the built app (whose fallback answers every
// other path with its page) and without it (API only).
let dist: string;
const apps: [string, TestApp][] = [];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tourdesk-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Tourdesk</title><div id="root"></div>');
  apps.push(['with the web app', await createTestApp({ orders: false, staticDir: dist })]);
  apps.push(['API only', await createTestApp({ orders: false })]);
});
afterAll(async () => {
  for (const [, t] of apps) await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('site files', () => {
  it('serve a robots.txt that keeps every crawler out', async () => {
    for (const [name, t] of apps) {
      const res = await t.app.inject({ url: '/robots.txt' });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe('User-agent: *\nDisallow: /\n');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serve a favicon that is an icon, not the page', async () => {
    for (const [name, t] of apps) {
      const res = await t.app.inject({ url: '/favicon.ico' });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('image/x-icon');
      const bytes = res.rawPayload;
      // ICONDIR: reserved 0, type 1 (icon), one image; that image a 32x32 PNG
      expect([...bytes.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
      expect([bytes[6], bytes[7]]).toEqual([32, 32]);
      const offset = bytes.readUInt32LE(18);
      expect(bytes.subarray(offset, offset + 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
      expect(bytes.length).toBe(offset + bytes.readUInt32LE(14));
      expect((await t.app.inject({ method: 'HEAD', url: '/favicon.ico' })).statusCode).toBe(200);
    }
  });

  it('leave the other paths to the app', async () => {
    const [, withApp] = apps[0];
    const page = await withApp.app.inject({ url: '/robots' });
    expect(page.headers['content-type']).toContain('text/html');
  });
});

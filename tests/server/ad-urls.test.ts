import { describe, expect, it } from 'vitest';
import { useServerSuite } from './fixtures';

const s = useServerSuite();
const { req } = s;

// Ad images and links reach customers (e-mail banners, the interstitial): only web URLs, and for
// images also those uploaded through the app (inline base64 images, as the demo ads have).
const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'https:',
];

const adsOfHome = () =>
  s.t.db.query('SELECT id, image_url, link_url FROM advertisements WHERE team_id = $1 ORDER BY id', [s.w.home.id]);

describe('advertisement URLs', () => {
  it('creates and updates ads with web URLs and uploaded images', async () => {
    const created = await req('POST', '/api/v1/advertisement', s.w.editor.token, {
      teamId: s.w.home.id,
      tag: 'new',
      imageUrl: svg,
      linkUrl: 'http://example.test/tours?x=1',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ imageUrl: svg, linkUrl: 'http://example.test/tours?x=1' });
    const updated = await req('PUT', `/api/v1/advertisement/${created.json().id}`, s.w.editor.token, {
      teamId: s.w.home.id,
      imageUrl: 'https://img.example.test/a.png',
      linkUrl: null,
    });
    expect(updated.json()).toMatchObject({ imageUrl: 'https://img.example.test/a.png', linkUrl: null });
  });

  it('refuses any other scheme for an image or a link with 400; nothing changes', async () => {
    const ad = (
      await req('POST', '/api/v1/advertisement', s.w.editor.token, {
        teamId: s.w.home.id,
        tag: 'new',
        imageUrl: 'https://img.example.test/b.png',
        linkUrl: 'https://example.test',
      })
    ).json();
    const before = await adsOfHome();
    for (const url of HOSTILE) {
      for (const field of ['imageUrl', 'linkUrl']) {
        const create = await req('POST', '/api/v1/advertisement', s.w.editor.token, {
          teamId: s.w.home.id,
          tag: 'new',
          [field]: url,
        });
        expect(create.statusCode, `create ${field} ${url}`).toBe(400);
        expect(create.json()).toEqual({ error: 'BAD_REQUEST', message: expect.stringContaining(`${field} must`) });
        const update = await req('PUT', `/api/v1/advertisement/${ad.id}`, s.w.editor.token, {
          teamId: s.w.home.id,
          [field]: url,
        });
        expect(update.statusCode, `update ${field} ${url}`).toBe(400);
      }
    }
    // an inline image is no link
    const inlineLink = await req('PUT', `/api/v1/advertisement/${ad.id}`, s.w.editor.token, {
      teamId: s.w.home.id,
      linkUrl: svg,
    });
    expect(inlineLink.statusCode).toBe(400);
    expect(await adsOfHome()).toEqual(before);
  });
});

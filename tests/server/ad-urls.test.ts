import { describe, expect, it } from 'vitest';
import { PNG_LOGO } from './email-helpers';
import { useServerSuite } from './fixtures';

const s = useServerSuite();
const { req } = s;

// Ad images and links reach customers (e-mail banners, the interstitial): links are web pages
// (http or https); images are https images or uploaded as avatars are (PNG or JPEG, 512,000 bytes).
const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'https:',
];
const REFUSED_IMAGES = [
  ...HOSTILE,
  svg,
  'http://img.example.test/a.png',
  'data:image/png;base64,not-base64!',
  // declared PNG, but the bytes are a GIF
  `data:image/png;base64,${Buffer.from('GIF89a........').toString('base64')}`,
];
const REFUSED_LINKS = [...HOSTILE, PNG_LOGO];

/** A JPEG of `size` bytes (its signature, then padding). */
const jpeg = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
};

const adsOfHome = () =>
  s.t.db.query('SELECT id, image_url, link_url FROM advertisements WHERE team_id = $1 ORDER BY id', [s.w.home.id]);

describe('advertisement URLs', () => {
  it('creates and updates ads with web links, https images and uploaded PNG or JPEG images', async () => {
    const created = await req('POST', '/api/v1/advertisement', s.w.editor.token, {
      teamId: s.w.home.id,
      tag: 'new',
      imageUrl: PNG_LOGO,
      linkUrl: 'http://example.test/tours?x=1',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ imageUrl: PNG_LOGO, linkUrl: 'http://example.test/tours?x=1' });
    const updated = await req('PUT', `/api/v1/advertisement/${created.json().id}`, s.w.editor.token, {
      teamId: s.w.home.id,
      imageUrl: 'https://img.example.test/a.png',
      linkUrl: null,
    });
    expect(updated.json()).toMatchObject({ imageUrl: 'https://img.example.test/a.png', linkUrl: null });
    // exactly 512,000 bytes is allowed (jpg declared: stored as jpeg)
    const largest = jpeg(512_000).replace('image/jpeg', 'image/jpg');
    const big = await req('PUT', `/api/v1/advertisement/${created.json().id}`, s.w.editor.token, {
      teamId: s.w.home.id,
      imageUrl: largest,
    });
    expect(big.statusCode).toBe(200);
    expect(big.json().imageUrl).toBe(jpeg(512_000));
  });

  it('refuses any other image or link with 400, a larger image with the avatar’s 413; nothing changes', async () => {
    const ad = (
      await req('POST', '/api/v1/advertisement', s.w.editor.token, {
        teamId: s.w.home.id,
        tag: 'new',
        imageUrl: 'https://img.example.test/b.png',
        linkUrl: 'https://example.test',
      })
    ).json();
    const before = await adsOfHome();
    const cases = [
      ...REFUSED_IMAGES.map((url) => ['imageUrl', url] as const),
      ...REFUSED_LINKS.map((url) => ['linkUrl', url] as const),
    ];
    for (const [field, url] of cases) {
      const create = await req('POST', '/api/v1/advertisement', s.w.editor.token, {
        teamId: s.w.home.id,
        tag: 'new',
        [field]: url,
      });
      expect(create.statusCode, `create ${field} ${url.slice(0, 40)}`).toBe(400);
      expect(create.json()).toEqual({ error: 'BAD_REQUEST', message: expect.stringContaining(field) });
      const update = await req('PUT', `/api/v1/advertisement/${ad.id}`, s.w.editor.token, {
        teamId: s.w.home.id,
        [field]: url,
      });
      expect(update.statusCode, `update ${field} ${url.slice(0, 40)}`).toBe(400);
    }
    const tooLarge = await req('PUT', `/api/v1/advertisement/${ad.id}`, s.w.editor.token, {
      teamId: s.w.home.id,
      imageUrl: jpeg(512_001),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      message: 'File size exceeds 500 KB. Please upload a smaller file.',
    });
    expect(await adsOfHome()).toEqual(before);
  });
});

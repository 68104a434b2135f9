import { describe, expect, it } from 'vitest';
import { useServerSuite } from './fixtures';

const s = useServerSuite();
const { req } = s;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const image = (signature: number[], size: number) => {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from(signature).copy(bytes);
  return bytes.toString('base64');
};
const png = (size = 100) => `data:image/png;base64,${image(PNG, size)}`;
const jpeg = (size = 100) => `data:image/jpeg;base64,${image([0xff, 0xd8, 0xff, 0xe0], size)}`;

const BAD_UPLOADS: [string, string, number][] = [
  [
    'an SVG data URL',
    `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`,
    400,
  ],
  [
    'HTML disguised as png',
    `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`,
    400,
  ],
  ['a JPEG declared as png', `data:image/png;base64,${image([0xff, 0xd8, 0xff, 0xe0], 100)}`, 400],
  ['bad base64', 'data:image/png;base64,iVBOR$$$w0KGgo=', 400],
  ['base64 of a wrong length', 'data:image/png;base64,iVBORw0KGgoAB', 400],
  ['a PNG declared as jpeg', `data:image/jpeg;base64,${image(PNG, 100)}`, 400],
  ['a GIF', `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}`, 400],
  ['image/jpg, which is not a MIME type', `data:image/jpg;base64,${image([0xff, 0xd8, 0xff, 0xe0], 100)}`, 400],
  ['a link instead of inline data', 'https://example.com/logo.png', 400],
  ['empty data', 'data:image/png;base64,', 400],
  ['a PNG signature cut short', `data:image/png;base64,${Buffer.from(PNG.slice(0, 4)).toString('base64')}`, 400],
  ['an image over 512000 bytes', png(512_001 + 8000), 413],
  ['an image just over 512000 bytes', png(512_001), 413],
  ['a data URL longer than the contract allows', png(760_000), 400],
  ['a body over the server limit', png(900_000), 413],
];

describe('user setting', () => {
  it('reads and changes the caller own name and avatar', async () => {
    const url = `/api/v1/user/setting?userId=${s.w.member.id}`;
    expect((await req('GET', url, s.w.member.token)).json()).toEqual({ name: s.w.member.name, avatarUrl: null });
    const renamed = await req('PUT', url, s.w.member.token, { name: 'Mia' });
    expect(renamed.json()).toEqual({ name: 'Mia', avatarUrl: null });
    const avatar = png(512_000);
    const withAvatar = await req('PUT', url, s.w.member.token, { avatar });
    expect(withAvatar.statusCode).toBe(200);
    expect(withAvatar.json()).toEqual({ name: 'Mia', avatarUrl: avatar });
    const asJpeg = await req('PUT', url, s.w.member.token, { avatar: jpeg() });
    expect(asJpeg.json().avatarUrl).toBe(jpeg());
    const me = (await req('GET', '/api/v1/users/me', s.w.member.token)).json();
    expect(me).toMatchObject({ name: 'Mia', avatarUrl: jpeg() });
  });

  it('refuses every bad upload and changes nothing', async () => {
    const url = `/api/v1/user/setting?userId=${s.w.editor.id}`;
    const good = png();
    await req('PUT', url, s.w.editor.token, { avatar: good });
    for (const [what, avatar, status] of BAD_UPLOADS) {
      const res = await req('PUT', url, s.w.editor.token, { avatar });
      expect(res.statusCode, what).toBe(status);
      if (status === 413) expect(res.json().error).toBe('PAYLOAD_TOO_LARGE');
    }
    expect((await req('GET', url, s.w.editor.token)).json().avatarUrl).toBe(good);
  });

  it('answers 403 for somebody else, 400 for bad bodies, 401 without a token', async () => {
    expect((await req('GET', `/api/v1/user/setting?userId=${s.w.admin.id}`, s.w.member.token)).statusCode).toBe(403);
    expect(
      (await req('PUT', `/api/v1/user/setting?userId=${s.w.admin.id}`, s.w.member.token, { name: 'x' })).statusCode,
    ).toBe(403);
    const url = `/api/v1/user/setting?userId=${s.w.member.id}`;
    expect((await req('PUT', url, s.w.member.token, { name: '' })).statusCode).toBe(400);
    expect((await req('PUT', url, s.w.member.token, { name: '   ' })).statusCode).toBe(400);
    expect((await req('PUT', url, s.w.member.token, { name: 'a', avatar: png() })).statusCode).toBe(400);
    expect((await req('PUT', url, s.w.member.token, {})).statusCode).toBe(400);
    expect((await req('GET', url)).statusCode).toBe(401);
  });
});

describe('team setting', () => {
  it('lets members read and admins change the name and logo', async () => {
    const url = `/api/v1/team/setting?teamId=${s.w.japan.id}`;
    const before = (await req('GET', url, s.w.admin.token)).json();
    expect(before.avatarUrl).toBeNull();
    expect((await req('PUT', url, s.w.admin.token, { name: 'Tokyo Tours' })).json()).toEqual({
      name: 'Tokyo Tours',
      avatarUrl: null,
    });
    const logo = await req('PUT', url, s.w.admin.token, { avatar: png() });
    expect(logo.json()).toEqual({ name: 'Tokyo Tours', avatarUrl: png() });
  });

  it('answers 403 to non-admins and non-members, changing nothing', async () => {
    const url = `/api/v1/team/setting?teamId=${s.w.home.id}`;
    const before = (await req('GET', url, s.w.member.token)).json();
    for (const who of [s.w.editor, s.w.member]) {
      expect((await req('PUT', url, who.token, { name: 'Hacked' })).statusCode).toBe(403);
      expect((await req('PUT', url, who.token, { avatar: png() })).statusCode).toBe(403);
    }
    expect((await req('GET', `/api/v1/team/setting?teamId=${s.w.other.id}`, s.w.admin.token)).statusCode).toBe(403);
    expect(
      (await req('PUT', `/api/v1/team/setting?teamId=${s.w.other.id}`, s.w.admin.token, { name: 'x' })).statusCode,
    ).toBe(403);
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', url, s.w.member.token)).json()).toEqual(before);
  });

  it('refuses every bad logo upload and changes nothing', async () => {
    const url = `/api/v1/team/setting?teamId=${s.w.home.id}`;
    const before = (await req('GET', url, s.w.admin.token)).json();
    for (const [what, avatar, status] of BAD_UPLOADS) {
      expect((await req('PUT', url, s.w.admin.token, { avatar })).statusCode, what).toBe(status);
    }
    expect((await req('GET', url, s.w.admin.token)).json()).toEqual(before);
  });
});

describe('team members and OTA accounts', () => {
  it('lists the members with their roles', async () => {
    const res = await req('GET', `/api/v1/team/members?teamId=${s.w.home.id}`, s.w.member.token);
    expect(res.statusCode).toBe(200);
    const members = res.json().members as { user: { id: string; email: string }; role: string }[];
    expect(members.map((m) => [m.user.id, m.role]).sort()).toEqual(
      [
        [s.w.admin.id, 'ADMIN'],
        [s.w.editor.id, 'EDITOR'],
        [s.w.member.id, 'MEMBER'],
      ].sort(),
    );
    expect(members[0].user).toHaveProperty('avatarUrl');
    expect((await req('GET', `/api/v1/team/members?teamId=${s.w.other.id}`, s.w.member.token)).statusCode).toBe(403);
    expect((await req('GET', `/api/v1/team/members?teamId=${s.w.home.id}`)).statusCode).toBe(401);
  });

  it('reads and selects OTA accounts among the available ones', async () => {
    const url = `/api/v1/team/ota-accounts?teamId=${s.w.home.id}`;
    const got = (await req('GET', url, s.w.member.token)).json();
    expect(got.available).toHaveLength(2);
    const [klook, viator] = got.available.map((a: { email: string }) => a.email);
    expect(got.otas).toEqual([klook]);
    // the team's admins choose its OTA accounts (the role matrix): a member or an editor changes nothing
    for (const who of [s.w.member, s.w.editor]) {
      const refused = await req('PUT', '/api/v1/team/ota-accounts', who.token, { teamId: s.w.home.id, otas: [viator] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'FORBIDDEN', message: 'Only team admins can do this' });
    }
    expect((await req('GET', url, s.w.member.token)).json().otas).toEqual([klook]);
    const put = await req('PUT', '/api/v1/team/ota-accounts', s.w.admin.token, {
      teamId: s.w.home.id,
      otas: [viator],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ available: got.available, otas: [viator] });
    expect((await req('GET', url, s.w.member.token)).json().otas).toEqual([viator]);
    const unknown = await req('PUT', '/api/v1/team/ota-accounts', s.w.admin.token, {
      teamId: s.w.home.id,
      otas: ['stranger@ota.test'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await req('PUT', '/api/v1/team/ota-accounts', s.w.admin.token, { teamId: s.w.home.id, otas: ['not-an-email'] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await req('PUT', '/api/v1/team/ota-accounts', s.w.admin.token, { teamId: s.w.other.id, otas: [] })).statusCode,
    ).toBe(403);
    expect((await req('GET', `/api/v1/team/ota-accounts?teamId=${s.w.other.id}`, s.w.member.token)).statusCode).toBe(
      403,
    );
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', url, s.w.member.token)).json().otas).toEqual([viator]);
  });

  it('takes the OTA inboxes as the admin typed them, checked: e-mail addresses, one per OTA, none twice', async () => {
    const url = `/api/v1/team/ota-accounts?teamId=${s.w.home.id}`;
    const before = (await req('GET', url, s.w.member.token)).json();
    const put = (body: object) =>
      req('PUT', '/api/v1/team/ota-accounts', s.w.admin.token, { teamId: s.w.home.id, ...body });
    const typed = [
      { ota: 'KLOOK', email: 'bookings@mekong-trails.test' },
      { ota: 'VIATOR', email: 'viator.desk@gmail.test' },
    ];
    const saved = await put({ accounts: typed, otas: ['bookings@mekong-trails.test'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ available: typed, otas: ['bookings@mekong-trails.test'] });
    expect((await req('GET', url, s.w.member.token)).json()).toEqual(saved.json());

    for (const [body, message] of [
      [{ accounts: [{ ota: 'KLOOK', email: 'bookings@' }], otas: [] }, null],
      [
        {
          accounts: [
            { ota: 'KLOOK', email: 'a@x.test' },
            { ota: 'KLOOK', email: 'b@x.test' },
          ],
          otas: [],
        },
        /KLOOK/,
      ],
      [
        {
          accounts: [
            { ota: 'KLOOK', email: 'a@x.test' },
            { ota: 'MPG', email: 'A@x.test' },
          ],
          otas: [],
        },
        /twice/,
      ],
      [{ accounts: [{ ota: 'EXPEDIA', email: 'a@x.test' }], otas: [] }, null],
      // a selection among the typed inboxes only
      [{ accounts: typed, otas: ['klook@home.test'] }, /Not an account/],
    ] as const) {
      const refused = await put(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(refused.json().message).toMatch(message);
    }
    // nothing refused changed anything
    expect((await req('GET', url, s.w.member.token)).json()).toEqual(saved.json());
    const { statusCode } = await put({ accounts: before.available, otas: before.otas });
    expect(statusCode).toBe(200);
  });
});

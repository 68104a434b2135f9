import { afterAll, describe, expect, it } from 'vitest';
import { PNG_LOGO, sendEmail, settled } from './email-helpers';
import { addOrders, type Person, type TeamRef, useServerSuite } from './fixtures';
import { startReceiver, type SmtpReceiver } from './smtp-receiver';

// The `email` group of a team is a banner in its customers' e-mails: what a real SMTP receiver got
// carries its live ads in the group's order (image, title, link), uploaded images as attachments,
// never an archived ad nor another team's; the text part lists the links. The preview of a
// product's mail content shows the same banner.
let receiver: SmtpReceiver;
const s = useServerSuite({
  async app() {
    receiver = await startReceiver();
    return { config: { smtpUrl: receiver.url }, emailWorker: { pollMs: 50, backoffMs: 50, maxAttempts: 3 } };
  },
});
afterAll(() => receiver?.close());

const start = new Date('2036-02-01T03:00:00Z');

async function ad(team: TeamRef, by: Person, title: string, imageUrl: string | null, linkUrl: string | null) {
  const res = await s.req('POST', '/api/v1/advertisement', by.token, {
    teamId: team.id,
    tag: 'new',
    title,
    imageUrl,
    linkUrl,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string };
}

async function group(team: TeamRef, by: Person, tag: string | null, ids: string[]) {
  const created = await s.req('POST', '/api/v1/advertisement/groups', by.token, { teamId: team.id, tag });
  const added = await s.req('POST', `/api/v1/advertisement/groups/${created.json().id}/items`, by.token, {
    teamId: team.id,
    advertisementIds: ids,
  });
  expect(added.json().success).toBe(true);
  return created.json().id as string;
}

/** Confirms a new order of the team and returns the message the receiver got for it. */
async function confirmation(team: TeamRef, by: Person, productId: string, address: string) {
  const [id] = await addOrders(s.t.db, team.id, { count: 1, productId, start });
  await s.t.db.query('UPDATE orders SET customer_email = $2 WHERE id = $1', [id, address]);
  expect((await sendEmail(s.t.app, 'CONFIRMATION', { orderIds: [id] }, by.token)).json().queued).toHaveLength(1);
  expect((await settled(s.t.db, [id]))[0].state).toBe('sent');
  const got = receiver.received.filter((r) => r.to.includes(address));
  expect(got).toHaveLength(1);
  return got[0].mail;
}

describe('the e-mail banner', () => {
  it('is in the HTML part of the owning team’s e-mails: live ads in order, never archived ones', async () => {
    const { home, other, editor, outsider } = s.w;
    const web = await ad(
      home,
      editor,
      'Sunset & cruise',
      'https://img.example.test/sunset.png',
      'https://example.test/cruise?a=1&b=2',
    );
    const uploaded = await ad(home, editor, 'Cooking class', PNG_LOGO, 'http://example.test/cooking');
    const archived = await ad(
      home,
      editor,
      'Old winter offer',
      'https://img.example.test/old.png',
      'https://example.test/old',
    );
    const elsewhere = await ad(home, editor, 'Not in the banner', null, 'https://example.test/elsewhere');
    await s.req('PUT', `/api/v1/advertisement/${archived.id}`, editor.token, { teamId: home.id, tag: 'archived' });
    await group(home, editor, 'email', [uploaded.id, archived.id, web.id]);
    await group(home, editor, 'interstitial', [elsewhere.id]);
    const foreign = await ad(
      other,
      outsider,
      'Other team offer',
      'https://img.example.test/other.png',
      'https://example.test/other',
    );
    await group(other, outsider, 'email', [foreign.id]);

    const mail = await confirmation(home, editor, s.w.product, 'banner@example.test');
    const html = String(mail.html);
    const banner = html.slice(html.indexOf('data-banner="ads"'));
    expect(html).toContain('data-banner="ads"');
    // in the group's order: the uploaded image first, sent as an attachment
    expect(banner.indexOf('Cooking class')).toBeLessThan(banner.indexOf('Sunset &amp; cruise'));
    expect(banner).toContain(`<img src="cid:ad-${uploaded.id}@tourdesk" alt="Cooking class"`);
    expect(banner).toContain('<a href="http://example.test/cooking" target="_blank"');
    expect(banner).toContain('<img src="https://img.example.test/sunset.png" alt="Sunset &amp; cruise"');
    expect(banner).toContain('href="https://example.test/cruise?a=1&amp;b=2"');
    expect(mail.attachments.map((a) => [a.cid, a.contentType])).toEqual([[`ad-${uploaded.id}@tourdesk`, 'image/png']]);
    expect(mail.attachments[0].content.equals(Buffer.from(PNG_LOGO.split(',')[1], 'base64'))).toBe(true);
    // never an archived ad, another group's, or another team's
    for (const absent of ['Old winter offer', 'example.test/old', 'Not in the banner', 'Other team offer']) {
      expect(html).not.toContain(absent);
      expect(mail.text).not.toContain(absent);
    }
    // the text part lists the links after the message
    expect(mail.text).toMatch(
      /\n---\nCooking class: http:\/\/example\.test\/cooking\nSunset & cruise: https:\/\/example\.test\/cruise\?a=1&b=2\s*$/,
    );

    // the other team's e-mails carry its own banner
    const theirs = await confirmation(other, outsider, s.w.otherProduct, 'theirs@example.test');
    expect(String(theirs.html)).toContain('alt="Other team offer"');
    expect(String(theirs.html)).not.toContain('Cooking class');

    // the preview of a product's mail content shows the banner, the uploaded image inline
    const preview = await s.req('POST', '/api/v1/products/ota/KLOOK/mailContent/preview', editor.token, {
      teamId: home.id,
      productId: s.w.product,
      subject: 'Hi {{ customerName }}',
      body: 'See you',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toContain(`<img src="${PNG_LOGO}" alt="Cooking class"`);
    expect(preview.json().html).not.toContain('Old winter offer');
    expect(preview.json().text).toContain('Cooking class: http://example.test/cooking');
  });

  it('is not there without an e-mail group, nor when every ad of it is archived', async () => {
    const { other, outsider } = s.w;
    await s.t.db.query("DELETE FROM advertisement_groups WHERE team_id = $1 AND tag = 'email'", [other.id]);
    const none = await confirmation(other, outsider, s.w.otherProduct, 'no-group@example.test');
    expect(String(none.html)).not.toContain('data-banner');
    expect(none.text).not.toContain('---');

    const old = await ad(other, outsider, 'Archived offer', PNG_LOGO, 'https://example.test/archived');
    await s.req('PUT', `/api/v1/advertisement/${old.id}`, outsider.token, { teamId: other.id, tag: 'archived' });
    await group(other, outsider, 'email', [old.id]);
    const archived = await confirmation(other, outsider, s.w.otherProduct, 'all-archived@example.test');
    expect(String(archived.html)).not.toContain('data-banner');
    expect(String(archived.html)).not.toContain('Archived offer');
    expect(archived.text).not.toContain('Archived offer');
    expect(archived.attachments).toEqual([]);
  });
});

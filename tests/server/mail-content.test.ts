import { describe, expect, it } from 'vitest';
import { PNG_LOGO } from './email-helpers';
import { addOrders, useServerSuite } from './fixtures';

// A product's mail content per OTA: Liquid templates checked before they are stored, and a preview
// rendered from a real order exactly as a send would render it.
const s = useServerSuite();
const url = (ota: string) => `/api/v1/products/ota/${ota}/mailContent`;
const patch = (ota: string, subject: string, body: string, token = s.w.editor.token) =>
  s.req('PATCH', url(ota), token, { teamId: s.w.home.id, productId: s.w.product, subject, body });
const stored = async () =>
  (
    await s.t.db.query<{ mail_content: Record<string, unknown> }>(
      'SELECT mail_content FROM products WHERE team_id = $1 AND id = $2',
      [s.w.home.id, s.w.product],
    )
  )[0].mail_content;

describe('listMailVariables', () => {
  it('lists every variable with the e-mail types that provide it', async () => {
    const res = await s.req('GET', '/api/v1/products/mailVariables', s.w.member.token);
    expect(res.statusCode).toBe(200);
    const { variables, productContentType } = res.json();
    expect(productContentType).toBe('CONFIRMATION');
    const byName = Object.fromEntries(variables.map((v: { name: string }) => [v.name, v]));
    expect(byName.customerName).toMatchObject({
      optional: false,
      emailTypes: expect.arrayContaining(['CONFIRMATION']),
    });
    expect(byName.meetingPoint).toMatchObject({ optional: true, emailTypes: ['INFORMATION'] });
    expect(byName.cancelReason.emailTypes).toEqual(['CANCELLATION']);
    expect(byName.departureAt).toBeUndefined();
    expect((await s.req('GET', '/api/v1/products/mailVariables')).statusCode).toBe(401);
  });
});

describe('updateMailContent', () => {
  it('stores a valid template and answers the template now in use', async () => {
    const subject = '{{ productName }}: booking {{ otaOrderId }}';
    const body = 'Hello {{ customerName | capitalize }},\n{% if children > 0 %}Kids welcome!{% endif %}';
    const res = await patch('MPG', subject, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ota: 'MPG', productId: s.w.product, subject, body, custom: true });
    const get = await s.req('GET', `${url('MPG')}?teamId=${s.w.home.id}&productId=${s.w.product}`, s.w.member.token);
    expect(get.json()).toEqual({ ota: 'MPG', productId: s.w.product, subject, body, custom: true });
  });

  it('refuses an unknown variable with 400 naming the field, the variable and where, storing nothing', async () => {
    const before = await stored();
    const res = await patch(
      'KKDAY',
      'Booking {{ displayId }}',
      'Hello {{ customerName }},\nYou depart on {{departureAt}}.',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'INVALID_TEMPLATE',
      message: expect.stringContaining('The body names an unknown variable departureAt (line 2, column 17)'),
      field: 'body',
      variable: 'departureAt',
      line: 2,
      column: 17,
    });
    const inSubject = (await patch('KKDAY', 'For {{ order.id }}', 'x')).json();
    expect(inSubject).toMatchObject({ field: 'subject', variable: 'order.id', line: 1, column: 8 });
    // a known name, but not a member of it
    expect((await patch('KKDAY', '{{ customerName.first }}', 'x')).json()).toMatchObject({
      field: 'subject',
      variable: 'customerName.first',
    });
    // variables of other e-mail types are not the product's
    expect((await patch('KKDAY', 'x', 'Meet at {{ meetingPoint }}')).json()).toMatchObject({
      field: 'body',
      variable: 'meetingPoint',
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses syntax errors, unknown filters and file tags, and one empty part', async () => {
    const cases: [string, string, string, RegExp][] = [
      ['{{ customerName', 'x', 'subject', /syntax error: output "{{ customerName" not closed/],
      ['x', 'Hi {{ customerName | shout }}', 'body', /undefined filter: shout/],
      ['x', "{% include 'server/config.ts' %}", 'body', /tag "include" not found/],
      ['x', '{% iff customerName %}', 'body', /tag "iff" not found/],
      ['', 'Body only', 'subject', /The subject is empty/],
      ['Subject only', '  ', 'body', /The body is empty/],
    ];
    for (const [subject, body, field, message] of cases) {
      const res = await patch('KKDAY', subject, body);
      expect(res.statusCode, `${subject} / ${body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'INVALID_TEMPLATE', field });
      expect(res.json().message).toMatch(message);
    }
  });

  it('goes back to the built-in template when both parts are empty', async () => {
    await patch('VIATOR', 'Custom {{ displayId }}', 'Custom body');
    const res = await patch('VIATOR', '', '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ota: 'VIATOR',
      custom: false,
      subject: expect.stringContaining('Booking confirmed'),
    });
    expect(await stored()).not.toHaveProperty('VIATOR');
  });

  it('answers 404 for a product of another team, 403 for a team of someone else, 401', async () => {
    const other = { teamId: s.w.home.id, productId: s.w.otherProduct, subject: 'x', body: 'y' };
    expect((await s.req('PATCH', url('KLOOK'), s.w.editor.token, other)).statusCode).toBe(404);
    const foreign = { teamId: s.w.other.id, productId: s.w.otherProduct, subject: 'x', body: 'y' };
    expect((await s.req('PATCH', url('KLOOK'), s.w.editor.token, foreign)).statusCode).toBe(403);
    expect((await s.req('PATCH', url('KLOOK'), undefined, other)).statusCode).toBe(401);
  });

  it('is the editors’ and admins’: a member reads the template and changes nothing (403)', async () => {
    const before = await stored();
    const res = await patch('KLOOK', 'Mine {{ displayId }}', 'Mine', s.w.member.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'FORBIDDEN', message: 'Only editors and admins of the team can do this' });
    expect(await stored()).toEqual(before);
    const get = await s.req('GET', `${url('KLOOK')}?teamId=${s.w.home.id}&productId=${s.w.product}`, s.w.member.token);
    expect(get.statusCode).toBe(200);
  });
});

describe('previewMailContent', () => {
  const preview = (payload: Record<string, unknown>, token = s.w.member.token) =>
    s.req('POST', `${url('KLOOK')}/preview`, token, { teamId: s.w.home.id, productId: s.w.product, ...payload });

  it('renders a draft for the order departing next, as it would be sent', async () => {
    await s.t.db.query('UPDATE teams SET avatar_url = $2 WHERE id = $1', [s.w.home.id, PNG_LOGO]);
    const past = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2020-01-01T00:00:00Z'),
    });
    const [next, later] = await addOrders(s.t.db, s.w.home.id, {
      count: 2,
      productId: s.w.product,
      start: new Date('2035-06-01T01:00:00Z'),
    });
    await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2035-01-01T01:00:00Z'),
      ota: 'VIATOR',
    });
    const draft = {
      subject: 'See you {{ departureDate }}, {{ customerName }}',
      body: 'Hello {{ customerName }},\n\n{{ quantity }} guests at {{ departureTime }} <b>sharp</b>.',
    };
    const res = await preview(draft);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [{ display_id }] = await s.t.db.query<{ display_id: string }>('SELECT display_id FROM orders WHERE id = $1', [
      next,
    ]);
    expect(body).toMatchObject({
      order: { id: next, displayId: display_id },
      to: 'customer1@example.test',
      subject: 'See you Fri 1 Jun 2035, Customer 1',
      text: 'Hello Customer 1,\n\n2 guests at 08:00 <b>sharp</b>.',
    });
    expect(body.html).toContain('2 guests at 08:00 &lt;b&gt;sharp&lt;/b&gt;.');
    expect(body.html).toContain(`src="${PNG_LOGO}"`);

    const chosen = await preview({ ...draft, orderId: later });
    expect(chosen.json()).toMatchObject({ order: { id: later }, text: expect.stringContaining('at 09:00') });
    expect((await preview({ ...draft, orderId: past[0] })).json().order.id).toBe(past[0]);
    // nothing was stored
    expect((await stored()).KLOOK).toEqual({
      subject: 'Hi {{customerName}}',
      body: 'See you on {{departureDate}} for {{route}}',
    });
  });

  it('renders the built-in template when the draft is empty, and refuses what a save would refuse', async () => {
    const res = await preview({ subject: '', body: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subject).toMatch(/^Booking confirmed: Product P-[0-9a-f]{8} on /);
    const bad = await preview({ subject: 'x', body: '{{ guide }}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'INVALID_TEMPLATE', field: 'body', variable: 'guide' });
  });

  it('answers 400 for an order of another OTA or product, 404 without any order to preview with, 403', async () => {
    const [viator] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2035-01-01T01:00:00Z'),
      ota: 'VIATOR',
    });
    expect((await preview({ subject: 'x', body: 'y', orderId: viator })).statusCode).toBe(400);
    const mpg = await s.req('POST', `${url('MPG')}/preview`, s.w.member.token, {
      teamId: s.w.home.id,
      productId: s.w.product,
      subject: 'x',
      body: 'y',
    });
    expect(mpg.statusCode).toBe(404);
    const foreign = await s.req('POST', `${url('KLOOK')}/preview`, s.w.member.token, {
      teamId: s.w.other.id,
      productId: s.w.otherProduct,
      subject: 'x',
      body: 'y',
    });
    expect(foreign.statusCode).toBe(403);
  });
});

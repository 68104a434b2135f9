import { analyzeSync, Liquid } from 'liquidjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN, renderMail, type MailContent } from '../../server/email/templates';
import { EMAIL_TYPES, variableValues, type SendDetails } from '../../server/email/variables';
import { OTAS } from '../../shared/otas';
import { ordersByIds, type Order } from '../../server/repo/orders';
import { bearer } from './fixtures';
import { createTestApp, type TestApp } from './helpers';

// Every template of the demo seed, rendered for a seeded order of its product from its OTA through
// the preview (what a send would queue): every variable it names has a value, and that value is in
// the message. The seed once named {{departureAt}}, which does not exist and rendered empty.
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 2000 });
  token = await t.tokenFor('admin@tourdesk.test');
});
afterAll(() => t?.close());

interface ProductRow {
  team_id: string;
  team_name: string;
  timezone: string;
  id: string;
  name: string;
  pack: string | null;
  mail_content: Record<string, MailContent>;
}

const products = () =>
  t.db.query<ProductRow>(
    `SELECT p.team_id, t.name AS team_name, t.timezone, p.id, p.name, p.pack, p.mail_content
       FROM products p JOIN teams t ON t.id = p.team_id ORDER BY p.team_id, p.id`,
  );

async function seededOrder(p: ProductRow, ota: string): Promise<Order> {
  const [row] = await t.db.query<{ id: string }>(
    'SELECT id FROM orders WHERE team_id = $1 AND product_id = $2 AND ota = $3 ORDER BY departure_at LIMIT 1',
    [p.team_id, p.id, ota],
  );
  expect(row, `a seeded ${ota} order of ${p.id}`).toBeDefined();
  return (await ordersByIds(t.db, [row.id]))[0];
}

const liquid = new Liquid();
const namedVariables = (template: string) => Object.keys(analyzeSync(liquid.parse(template)).globals);

/** Each variable the template names has a non-empty value, found in the output; no template code is left. */
function expectFilled(template: string, output: string, values: Record<string, unknown>, where: string) {
  for (const name of namedVariables(template)) {
    const value = values[name];
    expect(value, `${where}: {{ ${name} }}`).not.toBeNull();
    expect(String(value).trim(), `${where}: {{ ${name} }}`).not.toBe('');
    expect(output, `${where}: {{ ${name} }}`).toContain(String(value));
  }
  expect(output, where).not.toMatch(/\{\{|\{%|\s[.,:;]|\(\)|\s{3,}/);
}

describe('the seeded templates', () => {
  it('render fully for a seeded order of each OTA, as sent', async () => {
    const all = await products();
    expect(all.length).toBeGreaterThanOrEqual(28);
    let rendered = 0;
    for (const p of all) {
      for (const ota of OTAS) {
        const content = p.mail_content[ota];
        expect(content, `${p.id} has ${ota} content`).toBeDefined();
        const order = await seededOrder(p, ota);
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/products/ota/${ota}/mailContent/preview`,
          headers: bearer(token),
          payload: { teamId: p.team_id, productId: p.id, orderId: order.id, ...content },
        });
        expect(res.statusCode, `${p.id} ${ota}: ${res.body}`).toBe(200);
        const mail = res.json();
        const values = variableValues({
          type: 'CONFIRMATION',
          order,
          productName: p.name,
          productPack: p.pack,
          team: { name: p.team_name, timezone: p.timezone },
          details: {},
        });
        expectFilled(content.subject, mail.subject, values, `${p.id} ${ota} subject`);
        expectFilled(content.body, mail.text, values, `${p.id} ${ota} body`);
        expect(mail.text).toContain(`departs on ${values.departureDate} at ${values.departureTime}`);
        rendered++;
      }
    }
    expect(rendered).toBe(all.length * OTAS.length);
  });

  it('and the built-in template of every e-mail type renders fully, with every detail given', async () => {
    const [p] = await products();
    const order = await seededOrder(p, 'KLOOK');
    const details: SendDetails = {
      meetingPoint: 'Hotel lobby',
      meetingTime: '07:15',
      guide: { name: 'Linh Tran', phone: '+84 90 000 111', email: 'linh@guides.test' },
      message: 'Bring a hat.',
      cancelReason: 'The boat is under repair.',
    };
    for (const type of EMAIL_TYPES) {
      const source = {
        type,
        order,
        productName: p.name,
        productPack: p.pack,
        team: { name: p.team_name, timezone: p.timezone },
        details,
      };
      const mail = renderMail({ ...source, content: null });
      const values = variableValues(source);
      expectFilled(BUILT_IN[type].subject, mail.subject, values, `${type} subject`);
      expectFilled(BUILT_IN[type].body, mail.text, values, `${type} body`);
    }
  });
});

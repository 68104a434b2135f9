import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerWith, json, requests, resetClient } from './fake-client';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';

/** The services go through the one client; here it answers as each test says and records the requests. */
vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fake-client')).clientOver(await importOriginal()),
);
const { sendEmails, searchGuides } = await import('../../src/api/services/emails');

const run = (logic: AnyActorLogic, input: unknown) => toPromise(createActor(logic, { input }).start());

beforeEach(() => {
  resetClient();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('sendEmails', () => {
  const RESULT = {
    emailType: 'INFORMATION',
    queued: [{ orderId: 'o1', displayId: 'VN-1', messageId: 'm1' }],
    refused: [],
  };

  it('POSTs the orders and details to the type, with the key in the Idempotency-Key header only', async () => {
    answerWith(() => json(200, RESULT));
    const info = { message: 'Bring a hat', meetingPoint: 'Lobby', meetingTime: '07:00', guideId: 'g1' };
    await expect(
      run(sendEmails, { type: 'INFORMATION', orderIds: ['o1'], sendAgain: false, info, idempotencyKey: 'key-1' }),
    ).resolves.toEqual(RESULT);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/v1/orders/email/INFORMATION');
    expect(request.headers.get('Idempotency-Key')).toBe('key-1');
    await expect(request.json()).resolves.toEqual({ orderIds: ['o1'], sendAgain: false, info });
  });

  it('sends a cancellation reason, and no details a type does not take', async () => {
    answerWith(() => json(200, { ...RESULT, emailType: 'CANCELLATION' }));
    await run(sendEmails, {
      type: 'CANCELLATION',
      orderIds: ['o1', 'o2'],
      sendAgain: true,
      cancel: { reason: 'Storm' },
      idempotencyKey: 'key-2',
    });
    await expect(requests[0].json()).resolves.toEqual({
      orderIds: ['o1', 'o2'],
      sendAgain: true,
      cancel: { reason: 'Storm' },
    });
  });

  it('fails (and logs) when the server refuses or fails: the machine opens the mail error alert', async () => {
    answerWith(() => json(500, { error: 'INTERNAL', message: 'boom' }));
    const input = { type: 'CONFIRMATION', orderIds: ['o1'], sendAgain: false, idempotencyKey: 'key-3' };
    await expect(run(sendEmails, input)).rejects.toMatchObject({ status: 500 });
    expect(console.error).toHaveBeenCalled();
  });
});

describe('searchGuides', () => {
  it("asks the team's directory for 10 guides by default, and as many as asked", async () => {
    answerWith(() => json(200, { guides: [] }));
    await expect(run(searchGuides, { teamId: 't-vn', query: 'anh' })).resolves.toEqual([]);
    await run(searchGuides, { teamId: 't-kh', query: '', num: 3 });
    const [first, second] = requests.map((r) => new URL(r.url));
    expect(first.pathname).toBe('/api/v1/guides/search');
    expect(Object.fromEntries(first.searchParams)).toEqual({ teamId: 't-vn', searchTerms: 'anh', num: '10' });
    expect(Object.fromEntries(second.searchParams)).toEqual({ teamId: 't-kh', searchTerms: '', num: '3' });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { EmailMessage } from '../../src/api/services/emails';
import { EMAILS_FAILED, FOLLOW_MS, orderEmailsMachine } from '../../src/machines/order-emails/order-emails.machine';
import { underParent } from './shared-fakes';

/** The panel's e-mails of its order: loaded on open, followed while one is on its way, reported once delivered. */
const message = (id: string, state: EmailMessage['state']): EmailMessage => ({
  id,
  orderId: 'o1',
  type: 'CONFIRMATION',
  to: 'kim@example.test',
  subject: 'Your booking',
  text: 'Hello',
  html: '<p>Hello</p>',
  state,
  attempts: state === 'sent' ? 1 : 0,
  lastError: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: state === 'sent' ? '2026-03-01T10:00:02.000Z' : null,
  nextAttemptAt: null,
  createdBy: { id: 'u1', name: 'Ana' },
});

function start(answers: Array<EmailMessage[] | Error>) {
  const asked: string[] = [];
  const logic = orderEmailsMachine.provide({
    actors: {
      listOrderEmails: fromPromise<EmailMessage[], { orderId: string }>(async ({ input }) => {
        asked.push(input.orderId);
        const answer = answers.shift() ?? [];
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  return { ...underParent(logic), asked };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the e-mails of the open order', () => {
  it('loads them when an order opens, and nothing without one', async () => {
    const s = start([[message('m1', 'sent')]]);
    s.child.send({ type: 'emails.show', orderId: null });
    s.child.send({ type: 'emails.refresh' });
    expect(s.asked).toEqual([]);
    s.child.send({ type: 'emails.show', orderId: 'o1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.child.getSnapshot().context.messages.map((m) => m.state)).toEqual(['sent']);
    // nothing on its way: no more requests
    await vi.advanceTimersByTimeAsync(FOLLOW_MS * 3);
    expect(s.asked).toEqual(['o1']);
    expect(s.reportsOf('emails.delivered')).toEqual([]);
    s.stop();
  });

  it('follows a queued message until it is sent, then reports it delivered once', async () => {
    const s = start([[message('m1', 'queued')], [message('m1', 'sending')], [message('m1', 'sent')]]);
    s.child.send({ type: 'emails.show', orderId: 'o1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.asked).toEqual(['o1']);
    await vi.advanceTimersByTimeAsync(FOLLOW_MS);
    expect(s.child.getSnapshot().context.messages[0].state).toBe('sending');
    expect(s.reportsOf('emails.delivered')).toEqual([]);
    await vi.advanceTimersByTimeAsync(FOLLOW_MS);
    expect(s.reportsOf('emails.delivered')).toEqual([{ type: 'emails.delivered', orderId: 'o1' }]);
    await vi.advanceTimersByTimeAsync(FOLLOW_MS * 3);
    expect(s.asked).toHaveLength(3);
    s.stop();
  });

  it('loads again when messages are queued for it, and says so when it cannot', async () => {
    const s = start([[], new Error('500'), [message('m2', 'failed')]]);
    s.child.send({ type: 'emails.show', orderId: 'o1' });
    await vi.advanceTimersByTimeAsync(0);
    s.child.send({ type: 'emails.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.child.getSnapshot().context.error).toBe(EMAILS_FAILED);
    s.child.send({ type: 'emails.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.child.getSnapshot().context).toMatchObject({ error: null, messages: [{ id: 'm2', state: 'failed' }] });
    // a failed message is settled: not followed, not reported delivered
    await vi.advanceTimersByTimeAsync(FOLLOW_MS * 2);
    expect(s.asked).toHaveLength(3);
    expect(s.reportsOf('emails.delivered')).toEqual([]);
    s.stop();
  });
});

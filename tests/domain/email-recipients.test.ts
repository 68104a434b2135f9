import { describe, expect, it } from 'vitest';
import {
  checkpointOf,
  flagsFor,
  LEFT_OUT_TEXT,
  recipients,
  type Addressable,
  type EmailKind,
} from '../../src/domain/email-recipients';

/** Who an e-mail reaches and who the dialogs show as left out, and why (SPEC sections 4 and 6). */
const KINDS: EmailKind[] = ['CONFIRMATION', 'INFORMATION', 'CANCELLATION', 'REVIEW'];

const order = (id: string, over: Partial<Addressable> = {}): Addressable => ({
  id,
  displayId: `KH-${id}`,
  statusV2: 'new',
  customer: { name: 'Kim', email: `${id}@example.test` },
  emailCheckpoints: { confirmation: false, info: false, review: false },
  ...over,
});
const sentAll = { confirmation: true, info: true, review: true };

/** The ids it reaches, and `id:REASON` for those left out. */
function split(orders: Addressable[], kind: EmailKind, sendAgain = false) {
  const { to, leftOut } = recipients(orders, kind, sendAgain);
  return { to: to.map((o) => o.id), leftOut: leftOut.map(({ order: o, reason }) => `${o.id}:${reason}`) };
}

describe('recipients', () => {
  it.each(KINDS)('%s reaches every order with an address, in the order given', (kind) => {
    const orders = [order('b'), order('a'), order('c', { statusV2: 'cancel_requested' })];
    expect(split(orders, kind)).toEqual({ to: ['b', 'a', 'c'], leftOut: [] });
  });

  it.each(KINDS)('%s leaves out orders without an e-mail address (none, empty, blank, no customer)', (kind) => {
    const orders = [
      order('none', { customer: { name: 'A', email: null } }),
      order('empty', { customer: { name: 'B', email: '' } }),
      order('blank', { customer: { name: 'C', email: '  \t' } }),
      order('nobody', { customer: null }),
      order('ok'),
    ];
    expect(split(orders, kind, true)).toEqual({
      to: ['ok'],
      leftOut: ['none:NO_EMAIL', 'empty:NO_EMAIL', 'blank:NO_EMAIL', 'nobody:NO_EMAIL'],
    });
  });

  it('names the missing address before the cancellation: the first reason that applies is the one shown', () => {
    const orders = [order('x', { statusV2: 'canceled', customer: { email: '' }, emailCheckpoints: sentAll })];
    for (const kind of KINDS) expect(split(orders, kind).leftOut).toEqual(['x:NO_EMAIL']);
    // canceled comes before already sent
    const canceledAndSent = [order('y', { statusV2: 'canceled', emailCheckpoints: sentAll })];
    expect(split(canceledAndSent, 'CONFIRMATION').leftOut).toEqual(['y:CANCELED']);
  });

  it.each(['CONFIRMATION', 'INFORMATION', 'REVIEW'] as const)(
    '%s leaves out canceled orders, even with "send again"',
    (kind) => {
      const orders = [order('c', { statusV2: 'canceled' }), order('ok')];
      expect(split(orders, kind, true)).toEqual({ to: ['ok'], leftOut: ['c:CANCELED'] });
    },
  );

  it('CANCELLATION reaches canceled orders: that is what it is for', () => {
    expect(split([order('c', { statusV2: 'canceled' })], 'CANCELLATION')).toEqual({ to: ['c'], leftOut: [] });
  });

  it.each([
    ['CONFIRMATION', 'confirmation'],
    ['REVIEW', 'review'],
  ] as const)('%s leaves out orders whose %s checkpoint is set, unless "send again" is ticked', (kind, checkpoint) => {
    const done = order('done', {
      emailCheckpoints: { confirmation: false, info: false, review: false, [checkpoint]: true },
    });
    // another kind's checkpoint does not count
    const other = order('other', {
      emailCheckpoints: { ...sentAll, [checkpoint]: false },
    });
    expect(split([done, other], kind)).toEqual({ to: ['other'], leftOut: ['done:ALREADY_SENT'] });
    expect(split([done, other], kind, true)).toEqual({ to: ['done', 'other'], leftOut: [] });
  });

  it.each(['INFORMATION', 'CANCELLATION'] as const)('%s is sent whatever was sent before', (kind) => {
    const orders = [order('a', { emailCheckpoints: sentAll }), order('b')];
    expect(split(orders, kind)).toEqual({ to: ['a', 'b'], leftOut: [] });
  });

  it('keeps the records it was given (the dialog lists their display ids)', () => {
    const a = order('a');
    const b = order('b', { customer: { email: null } });
    const { to, leftOut } = recipients([a, b], 'CONFIRMATION', false);
    expect(to[0]).toBe(a);
    expect(leftOut[0].order).toBe(b);
  });

  it('reaches nobody when given no orders', () => {
    expect(recipients([], 'REVIEW', true)).toEqual({ to: [], leftOut: [] });
  });

  it('says every reason in words', () => {
    expect(LEFT_OUT_TEXT).toEqual({
      NO_EMAIL: 'no e-mail address',
      CANCELED: 'canceled',
      ALREADY_SENT: 'already sent',
      DEPARTED: 'departed',
    });
  });

  it('leaves out orders that departed before now unless kept; a review is asked after the tour', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    const gone = order('gone', { departureAt: '2026-11-26T09:59:00Z' });
    const soon = order('soon', { departureAt: '2026-11-26T10:01:00Z' });
    const past = { now, keep: false };
    for (const kind of ['CONFIRMATION', 'INFORMATION', 'CANCELLATION'] as const) {
      const { to, leftOut } = recipients([gone, soon], kind, false, past);
      expect(to).toEqual([soon]);
      expect(leftOut).toEqual([{ order: gone, reason: 'DEPARTED' }]);
      expect(recipients([gone, soon], kind, false, { now, keep: true }).to).toEqual([gone, soon]);
    }
    expect(recipients([gone, soon], 'REVIEW', false, past).to).toEqual([gone, soon]);
    // a reason found first (no address) is the one said
    const gone2 = order('gone2', { departureAt: '2026-01-01T00:00:00Z', customer: { email: '' } });
    expect(recipients([gone2], 'CONFIRMATION', false, past).leftOut).toEqual([{ order: gone2, reason: 'NO_EMAIL' }]);
  });
});

describe('flagsFor', () => {
  it('information needs both flags; every other kind e-mail sending alone (SPEC section 6)', () => {
    expect(flagsFor('INFORMATION')).toEqual(['EMAIL_SENDING_V1', 'INFO_SENDING_V1']);
    for (const kind of ['CONFIRMATION', 'CANCELLATION', 'REVIEW'] as const) {
      expect(flagsFor(kind)).toEqual(['EMAIL_SENDING_V1']);
    }
  });
});

describe('checkpointOf', () => {
  it('confirmation, info and review set their checkpoint; a cancellation none', () => {
    expect(KINDS.map((kind) => [kind, checkpointOf(kind)])).toEqual([
      ['CONFIRMATION', 'confirmation'],
      ['INFORMATION', 'info'],
      ['CANCELLATION', null],
      ['REVIEW', 'review'],
    ]);
  });
});

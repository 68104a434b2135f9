import { describe, expect, it } from 'vitest';
import { isStatus, ORDER_VIEW_STATUS, STATUSES, statusLabel } from '../../src/domain/statuses';

describe('status labels', () => {
  it.each([
    ['new', 'New Order'],
    ['completed', 'Tour Completed'],
    ['cancel_requested', 'Cancel Requested'],
    ['pending', 'Pending'],
    ['grouped', 'Grouped'],
    ['arranged', 'Arranged'],
    ['canceled', 'Canceled'],
  ])('%s reads %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it('capitalises the words of statuses it does not know', () => {
    expect(statusLabel('waiting_for_GUIDE')).toBe('Waiting For Guide');
  });

  it('knows exactly the seven statuses', () => {
    expect(STATUSES).toHaveLength(7);
    expect(isStatus('pending')).toBe(true);
    expect(isStatus('lost')).toBe(false);
  });

  it('maps the status-based order views to their status', () => {
    expect(ORDER_VIEW_STATUS['new-added']).toBe('new');
    expect(ORDER_VIEW_STATUS['cancel-requested']).toBe('cancel_requested');
  });
});

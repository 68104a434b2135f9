// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import type { LiveStreamEvent, LiveStreamInput } from '../../src/api/live-stream';
import type { Editable } from '../../src/domain/edits';
import { liveMachine } from '../../src/machines/live/live.machine';
import { SessionContext } from '../../src/ui/app/actors';
import { LiveIndicator } from '../../src/ui/layouts/live-indicator';
import { EditFields } from '../../src/ui/panel/edit-fields';
import { system } from '../../src/ui/theme/system';
import { fakeSession, stored, team, userWith } from '../machines/session-fakes';

// What a person sees of the live stream: the navigation says Live or Reconnecting… in words (a
// status with a name, the dot only repeats it), and a field they are typing in keeps what they
// typed when someone else changes it, with a note under it saying who changed it to what.
afterEach(cleanup);

describe('the live indicator', () => {
  it('says Connecting…, Live, then Reconnecting… as the session’s stream goes', async () => {
    let report: (event: LiveStreamEvent) => void = () => undefined;
    const stream = fromCallback<{ type: 'live.noop' }, LiveStreamInput, LiveStreamEvent>(({ sendBack }) => {
      report = sendBack;
    });
    const { logic } = fakeSession({
      restoreSession: async () => stored({ token: 'tok' }),
      getMe: async () => userWith([team('vn')]),
      loadTotals: async () => ({ orders: {}, tours: {} }),
    });
    render(
      <ChakraProvider value={system}>
        <SessionContext.Provider
          logic={logic.provide({ actors: { live: liveMachine.provide({ actors: { stream } }) } })}
        >
          <LiveIndicator />
        </SessionContext.Provider>
      </ChakraProvider>,
    );
    const status = await screen.findByRole('status', { name: 'Live updates: Connecting…' });
    expect(status.textContent).toBe('Connecting…');
    act(() => report({ type: 'live.ready', cursor: 'c1' }));
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('Live updates: Live');
    expect(screen.getByRole('status').textContent).toBe('Live');
    act(() => report({ type: 'live.connection.lost', retry: 60_000, status: null }));
    expect(screen.getByRole('status', { name: 'Live updates: Reconnecting…' }).textContent).toBe('Reconnecting…');
  });
});

describe('a field changed elsewhere while it is edited', () => {
  const before: Editable = {
    departureAt: '2026-03-10T00:30:00.000Z',
    prices: [{ type: 'ADULT', amount: 50, currency: 'USD' }],
  };
  const after: Editable = { ...before, departureAt: '2026-03-10T01:15:00.000Z' };

  it('keeps what was typed and shows who changed it to what, read with the field', () => {
    const onFocusField = vi.fn();
    const onChange = vi.fn();
    const view = (record: Editable, note: string | null) => (
      <ChakraProvider value={system}>
        <EditFields
          noun="order"
          record={record}
          timezone="Asia/Tokyo"
          conflict={null}
          canReapply={false}
          invalid={() => null}
          note={(field) => (field === 'departure' ? note : null)}
          onFocusField={onFocusField}
          onChange={onChange}
          onDiscard={() => undefined}
          onReapply={() => undefined}
          onDismiss={() => undefined}
        />
      </ChakraProvider>
    );
    const { rerender } = render(view(before, null));
    const input = screen.getByRole('textbox', { name: 'Departure time' }) as HTMLInputElement;
    fireEvent.focus(input);
    expect(onFocusField).toHaveBeenCalledWith('departure');
    fireEvent.change(input, { target: { value: '11:00' } });
    rerender(view(after, 'Ann changed Departure time to 10:15'));
    expect(input.value).toBe('11:00');
    const note = screen.getByTestId('edit-note');
    expect(note.textContent).toBe('Ann changed Departure time to 10:15');
    expect(input.getAttribute('aria-describedby')).toBe(note.id);
    // an untouched field simply shows the new value
    const price = screen.getByRole('textbox', { name: 'Adult price' }) as HTMLInputElement;
    rerender(view({ ...after, prices: [{ type: 'ADULT', amount: 60, currency: 'USD' }] }, null));
    expect(price.value).toBe('60.00');
    // saving afterwards sends what was typed (the version check is the history's, as for any edit)
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ field: 'departureTime', time: '11:00' });
  });
});

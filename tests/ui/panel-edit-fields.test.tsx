// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditChange, Editable } from '../../src/domain/edits';
import { EditFields } from '../../src/ui/panel/edit-fields';
import { system } from '../../src/ui/theme/system';

// The panel's edit fields: 24-hour time and prices committed on Enter, a conflict keeps what was
// typed, a refused value stays in its field with one message until corrected or given up.
const record: Editable = {
  departureAt: '2026-03-10T00:30:00.000Z',
  prices: [{ type: 'ADULT', amount: 50, currency: 'USD' }],
};

function renderFields(
  conflict: { typed: EditChange; fresh: Editable | null } | null = null,
  invalid: Record<string, string> = {},
) {
  const onChange = vi.fn();
  const onReapply = vi.fn();
  const onDiscard = vi.fn();
  const view = (messages: Record<string, string>) => (
    <ChakraProvider value={system}>
      <EditFields
        noun="order"
        record={record}
        timezone="Asia/Tokyo"
        conflict={conflict}
        canReapply={conflict?.fresh != null}
        invalid={(field) => messages[field] ?? null}
        onChange={onChange}
        onDiscard={onDiscard}
        onReapply={onReapply}
        onDismiss={() => undefined}
      />
    </ChakraProvider>
  );
  const { rerender } = render(view(invalid));
  return { onChange, onReapply, onDiscard, refuse: (messages: Record<string, string>) => rerender(view(messages)) };
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

afterEach(cleanup);

describe('edit fields', () => {
  it('show the departure in 24-hour form in the team timezone and send a typed time on Enter', () => {
    const { onChange } = renderFields();
    expect(input('Departure time').value).toBe('09:30');
    fireEvent.change(input('Departure time'), { target: { value: '18:45' } });
    fireEvent.keyDown(input('Departure time'), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ field: 'departureTime', time: '18:45' });
  });

  it('send a price amount by its type, and nothing when the value did not change', () => {
    const { onChange } = renderFields();
    fireEvent.blur(input('ADULT price'));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input('ADULT price'), { target: { value: '62.5' } });
    fireEvent.blur(input('ADULT price'));
    expect(onChange).toHaveBeenCalledWith({ field: 'price', priceType: 'ADULT', amount: 62.5 });
  });

  it('in a conflict, keep the typed value in the input next to the fresh one', () => {
    const fresh = { ...record, departureAt: '2026-03-10T01:00:00.000Z' };
    const { onReapply } = renderFields({ typed: { field: 'departureTime', time: '18:45' }, fresh });
    expect(screen.getByText('This order was changed by someone else')).toBeTruthy();
    expect(input('Departure time').value).toBe('18:45');
    expect(screen.getByTestId('conflict-fresh').textContent).toBe('10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Apply my value' }));
    expect(onReapply).toHaveBeenCalled();
  });
});

describe('a refused value', () => {
  it('stays in its field with one message under it, described by it, until given up with Escape', () => {
    const { onChange, onDiscard, refuse } = renderFields();
    const field = input('Departure time');
    fireEvent.change(field, { target: { value: '25:00' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ field: 'departureTime', time: '25:00' });
    // the machine refused it: one message on the field
    refuse({ departure: 'Invalid time: 25:00' });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Invalid time: 25:00']);
    expect(field.value).toBe('25:00');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('Invalid time: 25:00');

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onDiscard).toHaveBeenCalledWith('departure');
    expect(field.value).toBe('09:30');
  });

  it('typing the saved value again gives the refused one up rather than sending it', () => {
    const { onChange, onDiscard } = renderFields(null, { 'price:ADULT': 'Invalid amount for ADULT' });
    const field = input('ADULT price');
    fireEvent.change(field, { target: { value: '50' } });
    fireEvent.blur(field);
    expect(onChange).not.toHaveBeenCalled();
    expect(onDiscard).toHaveBeenCalledWith('price:ADULT');
  });
});

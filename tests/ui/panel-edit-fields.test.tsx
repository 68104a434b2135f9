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

  it('show a price as the screen writes its currency and send what is typed by its type, nothing when unchanged', () => {
    const { onChange } = renderFields();
    expect(input('Adult price').value).toBe('50.00');
    expect(screen.getByText('Adult price (USD)')).toBeTruthy();
    fireEvent.blur(input('Adult price'));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input('Adult price'), { target: { value: '62.5' } });
    fireEvent.blur(input('Adult price'));
    expect(onChange).toHaveBeenCalledWith({ field: 'priceText', priceType: 'ADULT', text: '62.5' });
  });

  it('in Vietnam show "650.000" and send "1.500.000" as typed, for the machine to read', () => {
    const vnd: Editable = {
      departureAt: record.departureAt,
      prices: [
        { type: 'ADULT', amount: 650000, currency: 'VND' },
        { type: 'TOTAL', amount: 1300000, currency: 'VND' },
      ],
    };
    const onChange = vi.fn();
    const onUpdateTotal = vi.fn();
    const onKeepTotal = vi.fn();
    render(
      <ChakraProvider value={system}>
        <EditFields
          noun="order"
          record={vnd}
          timezone="Asia/Ho_Chi_Minh"
          conflict={null}
          canReapply={false}
          invalid={() => null}
          onChange={onChange}
          onDiscard={() => undefined}
          onReapply={() => undefined}
          onDismiss={() => undefined}
          totalAsk={{
            message: 'Adult changed; Total is still 1.300.000 ₫.',
            update: 'Set Total to 3.000.000 ₫',
            keep: 'Keep 1.300.000 ₫',
          }}
          onUpdateTotal={onUpdateTotal}
          onKeepTotal={onKeepTotal}
        />
      </ChakraProvider>,
    );
    expect(input('Adult price').value).toBe('650.000');
    expect(input('Total price').value).toBe('1.300.000');
    fireEvent.change(input('Adult price'), { target: { value: '1.500.000' } });
    fireEvent.keyDown(input('Adult price'), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ field: 'priceText', priceType: 'ADULT', text: '1.500.000' });
    // the question about TOTAL sits under it, answered with either button
    const question = screen.getByRole('group', { name: 'Adult changed; Total is still 1.300.000 ₫.' });
    expect(question.textContent).toContain('Set Total to 3.000.000 ₫');
    fireEvent.click(screen.getByRole('button', { name: 'Set Total to 3.000.000 ₫' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep 1.300.000 ₫' }));
    expect([onUpdateTotal.mock.calls.length, onKeepTotal.mock.calls.length]).toEqual([1, 1]);
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
    const { onChange, onDiscard } = renderFields(null, { 'price:ADULT': 'Invalid amount for Adult' });
    const field = input('Adult price');
    fireEvent.change(field, { target: { value: '50.00' } });
    fireEvent.blur(field);
    expect(onChange).not.toHaveBeenCalled();
    expect(onDiscard).toHaveBeenCalledWith('price:ADULT');
  });
});

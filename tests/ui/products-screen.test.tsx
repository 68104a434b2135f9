// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Page } from '../../src/api/services/policy';
import type { MailContent, MailVariables, PreviewAnswer, Product, SaveAnswer } from '../../src/api/services/products';
import type { ScheduleKey } from '../../src/api/services/schedules';
import type { Role } from '../../src/domain/statuses';
import type { ProductSchedule } from '../../shared/schedule';
import { mailContentMachine } from '../../src/machines/mail-content/mail-content.machine';
import { productListMachine } from '../../src/machines/product-list/product-list.machine';
import { productScheduleMachine } from '../../src/machines/product-schedule/product-schedule.machine';
import { productsMachine } from '../../src/machines/products/products.machine';
import { Products } from '../../src/ui/products/products-screen';
import { system } from '../../src/ui/theme/system';

/** The products screen's views over the real machines with faked services. */
const PRODUCT: Product = { id: 'REP-ANGKOR', name: 'Angkor Wat Sunrise', route: 'Siem Reap → Angkor', pack: null };
const CONTENT: MailContent = { ota: 'KLOOK', productId: PRODUCT.id, subject: 'Booked', body: 'Hello', custom: true };
const VARIABLES: MailVariables = {
  productContentType: 'CONFIRMATION',
  variables: [{ name: 'displayId', description: 'The order number', emailTypes: ['CONFIRMATION'], optional: false }],
};
const PREVIEW: PreviewAnswer = {
  preview: {
    order: { id: 'o1', displayId: 'KH-000007' },
    to: 'ana@example.test',
    subject: 'Booked KH-000007',
    text: 'Hello',
    html: '<p>Hello</p>',
  },
};

function setup(pages: Array<Product[] | Error>, saves: SaveAnswer[], role: Role = 'EDITOR') {
  const loadPage = fromPromise<Page<Product>, { teamId: string; cursor: string | null }>(async () => {
    const next = pages.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no page');
    return { items: next, hasMore: false, nextCursor: null };
  });
  const saveContent = vi.fn(async () => saves.shift()!);
  const editor = mailContentMachine.provide({
    actors: {
      loadContent: fromPromise(async () => CONTENT),
      saveContent: fromPromise(saveContent),
      renderPreview: fromPromise(async () => PREVIEW),
    },
  });
  const root = createActor(
    productsMachine.provide({
      actors: {
        productList: productListMachine.provide({ actors: { loadPage } }),
        mailContent: editor,
        // the schedule tab has its own test (product-schedule.test.tsx)
        productSchedule: productScheduleMachine.provide({
          actors: { loadSchedule: fromPromise<ProductSchedule | null, ScheduleKey>(async () => null) },
        }),
        loadVariables: fromPromise(async () => VARIABLES),
      },
    }),
    { input: { teamId: 'team-kh', role } },
  ).start();
  // the screen lives in the app's data router: leaving it for another page asks the screen first
  const router = createMemoryRouter(
    [
      { path: '/products', element: <Products root={root} /> },
      { path: '/statistics', element: <h1>Statistics</h1> },
    ],
    { initialEntries: ['/products'] },
  );
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return { root, saveContent, router };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('products screen', () => {
  it('shows a failed list as a failure with Retry, not as "No products"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup([new Error('down'), [PRODUCT]], []);
    await screen.findByText('The products could not be loaded.');
    expect(screen.queryByText('No products')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('button', { name: /Angkor Wat Sunrise/ });
  });

  it('shows the server refusal under the field it names, and the preview in a sandboxed frame', async () => {
    const refused: SaveAnswer = {
      refused: {
        field: 'body',
        message: 'The body names an unknown variable nope (line 1, column 4)',
        variable: 'nope',
        line: 1,
        column: 4,
      },
    };
    const { saveContent } = setup([[PRODUCT]], [refused]);
    fireEvent.click(await screen.findByRole('button', { name: /Angkor Wat Sunrise/ }));
    const body = (await screen.findByLabelText('Body')) as HTMLTextAreaElement;
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.change(body, { target: { value: 'Hi {{ nope }}' } });
    // the variable goes where the caret is: after "Hi "
    fireEvent.select(body, { target: { selectionStart: 3, selectionEnd: 3 } });
    fireEvent.click(screen.getByRole('button', { name: /Insert displayId/ }));
    expect(body.value).toBe('Hi {{ displayId }}{{ nope }}');
    expect(
      within(screen.getByRole('tablist', { name: 'OTA' })).getByRole('tab', { selected: true }).textContent,
    ).toContain('(unsaved)');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByTestId('body-error');
    expect(error.textContent).toContain('unknown variable nope (line 1, column 4)');
    expect(body.getAttribute('aria-invalid')).toBe('true');
    expect(body.getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.queryByTestId('subject-error')).toBeNull();
    expect(saveContent).toHaveBeenCalledTimes(1);
    // nothing typed is lost
    expect(body.value).toBe('Hi {{ displayId }}{{ nope }}');

    const frame = await screen.findByTitle('The e-mail as HTML', {}, { timeout: 5000 });
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe((PREVIEW as { preview: { html: string } }).preview.html);
    expect(screen.getByTestId('preview-order').textContent).toBe('Rendered from order KH-000007, to ana@example.test');
  });

  it('asks before another page is opened over an unsaved template: Stay keeps it, Leave discards it', async () => {
    const { router } = setup([[PRODUCT]], []);
    fireEvent.click(await screen.findByRole('button', { name: /Angkor Wat Sunrise/ }));
    await screen.findByLabelText('Subject');
    // nothing typed yet: the way out is free
    await act(() => router.navigate('/statistics'));
    expect(router.state.location.pathname).toBe('/statistics');
    await act(() => router.navigate('/products'));
    fireEvent.click(await screen.findByRole('button', { name: /Angkor Wat Sunrise/ }));
    fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Your Angkor morning' } });
    await act(() => router.navigate('/statistics'));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(question.textContent).toContain('Angkor Wat Sunrise has changes that are not saved');
    expect(router.state.location.pathname).toBe('/products');
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/products');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Your Angkor morning');

    await act(() => router.navigate('/statistics'));
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Leave and discard' }));
    await screen.findByRole('heading', { name: 'Statistics' });
    expect(router.state.location.pathname).toBe('/statistics');
  });

  it('shows a MEMBER the template read-only with its preview, and nothing to save, reset or insert', async () => {
    const { saveContent } = setup([[PRODUCT]], [], 'MEMBER');
    fireEvent.click(await screen.findByRole('button', { name: /Angkor Wat Sunrise/ }));
    const body = (await screen.findByLabelText('Body')) as HTMLTextAreaElement;
    expect(body.value).toBe('Hello');
    expect(body.readOnly).toBe(true);
    expect((screen.getByLabelText('Subject') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(body, { target: { value: 'Hi' } });
    expect(body.value).toBe('Hello');
    expect(screen.getByTestId('template-read-only').textContent).toContain(
      'Only editors and admins of the team can change it.',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reset/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Insert/ })).toBeNull();
    // the preview stays: the saved template rendered for a real order
    await screen.findByTitle('The e-mail as HTML', {}, { timeout: 5000 });
    expect(screen.getByTestId('preview-order').textContent).toBe('Rendered from order KH-000007, to ana@example.test');
    expect(saveContent).not.toHaveBeenCalled();
  });
});

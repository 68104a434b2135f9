import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { contactCopyMachine } from '../../src/machines/contact-copy/contact-copy.machine';
import type { NotifyEvent } from '../../src/machines/notify';

// The order panel's copy buttons: the copy is the machine's (its provided clipboard service), and it says so.
function copier(write: (text: string) => Promise<void>) {
  const written: string[] = [];
  const actor = createActor(
    contactCopyMachine.provide({
      actors: {
        writeClipboard: fromPromise(async ({ input }: { input: { text: string } }) => {
          written.push(input.text);
          await write(input.text);
        }),
      },
    }),
  );
  const toasts: NotifyEvent[] = [];
  actor.on('notify', (e) => toasts.push(e));
  actor.start();
  return { actor, written, toasts };
}

describe('contact copy', () => {
  it('writes the phone to the clipboard and says "Phone copied"', async () => {
    const c = copier(async () => undefined);
    c.actor.send({ type: 'contact.copy', field: 'phone', text: '+84 912 345 678' });
    await waitFor(c.actor, (s) => s.matches('idle'));
    expect(c.written).toEqual(['+84 912 345 678']);
    expect(c.toasts).toEqual([{ type: 'notify', kind: 'success', message: 'Phone copied' }]);
  });

  it('says so when the browser refuses, naming what was not copied', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const c = copier(async () => {
      throw new Error('NotAllowedError');
    });
    c.actor.send({ type: 'contact.copy', field: 'pickup', text: 'Hotel Majestic' });
    await waitFor(c.actor, (s) => s.matches('idle'));
    expect(c.toasts).toEqual([{ type: 'notify', kind: 'error', message: 'Pick-up could not be copied' }]);
  });

  it('a newer copy replaces one still being written: one toast, for the newer', async () => {
    let release: () => void = () => undefined;
    const c = copier((text) => (text === 'first' ? new Promise<void>((r) => (release = r)) : Promise.resolve()));
    c.actor.send({ type: 'contact.copy', field: 'notes', text: 'first' });
    c.actor.send({ type: 'contact.copy', field: 'email', text: 'lan@example.test' });
    await waitFor(c.actor, (s) => s.matches('idle'));
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(c.toasts).toEqual([{ type: 'notify', kind: 'success', message: 'E-mail copied' }]);
  });
});

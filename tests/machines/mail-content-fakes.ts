import { vi } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import type { DraftInput, MailContent, MailPreview, TemplateFault } from '../../src/api/services/products';
import type { Role } from '../../src/domain/statuses';
import { mailContentMachine } from '../../src/machines/mail-content/mail-content.machine';
import type { NotifyEvent } from '../../src/machines/notify';
import { underParent, type Synthetic } from './shared-fakes';

/** The mail content editor's test doubles: its services wait until a test settles them. INPUT is what
 *  every request names; the editor is opened with it and a role. */
export const INPUT = { teamId: 'team-kh', productId: 'REP-ANGKOR' };

export const CUSTOM: MailContent = {
  ota: 'KLOOK',
  productId: INPUT.productId,
  subject: '{{ productName }} is confirmed',
  body: 'Hello {{ customerName }}',
  custom: true,
};
export const BUILT_IN: MailContent = {
  ota: 'KLOOK',
  productId: INPUT.productId,
  subject: 'Booking {{ displayId }} confirmed',
  body: 'Dear {{ customerName }},\n\nsee you on {{ departureDate }}.',
  custom: false,
};
export const EDITED = { subject: 'Your {{ ota }} booking {{ displayId }}', body: 'Hi {{ nope }}' };
export const SAVED: MailContent = { ...CUSTOM, ...EDITED };
export const BODY_FAULT: TemplateFault = {
  field: 'body',
  message: 'The body names an unknown variable nope (line 1, column 4)',
  variable: 'nope',
  line: 1,
  column: 4,
};
export const SUBJECT_FAULT: TemplateFault = { ...BODY_FAULT, field: 'subject', message: 'The subject is empty' };
export const PREVIEW: MailPreview = {
  order: { id: 'o1', displayId: 'KH-000001' },
  to: 'ana@example.test',
  subject: 'Angkor Wat Sunrise is confirmed',
  text: 'Hello Ana Lee',
  html: '<p>Hello Ana Lee</p>',
};
export const STALE_PREVIEW: MailPreview = { ...PREVIEW, subject: 'an older draft' };

/** Service name per invoke id (the reset saves through the same service). */
export const SERVICE_OF = {
  loadContent: 'loadContent',
  saveContent: 'saveContent',
  resetContent: 'saveContent',
  renderPreview: 'renderPreview',
} as const;
type InvokeId = keyof typeof SERVICE_OF;
type ServiceName = (typeof SERVICE_OF)[InvokeId];

interface Call {
  input: DraftInput | Omit<DraftInput, 'subject' | 'body'>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

/**
 * A real editor under a stand-in products screen, with its clock faked (call with fake timers on):
 * `calls` records each request, `settle` answers the newest one of an invoke, `notices` and
 * `reports` collect the toasts and the reports to the screen.
 */
export function editorHarness(role: Role = 'EDITOR') {
  const calls: Record<ServiceName, Call[]> = { loadContent: [], saveContent: [], renderPreview: [] };
  const service = (name: ServiceName) =>
    fromPromise<unknown, Call['input']>(
      ({ input }) => new Promise((resolve, reject) => calls[name].push({ input, resolve, reject, settled: false })),
    );
  const logic = mailContentMachine.provide({
    actors: {
      loadContent: service('loadContent'),
      saveContent: service('saveContent'),
      renderPreview: service('renderPreview'),
    } as never,
  });
  const screen = underParent(logic, { ...INPUT, role });
  const notices: NotifyEvent[] = [];
  screen.child.on('notify', (e) => void notices.push(e));
  const flush = () => vi.advanceTimersByTimeAsync(0);

  /** Answers the newest request of the invoke with the synthetic event's output or error. */
  async function settle(event: Synthetic | AnyEventObject) {
    const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    const call = calls[SERVICE_OF[id as InvokeId]].at(-1);
    if (!call || call.settled) throw new Error(`${id} is not running`);
    call.settled = true;
    if (kind === 'done') call.resolve((event as Synthetic & { output: unknown }).output);
    else call.reject((event as Synthetic & { error: unknown }).error);
    await flush();
  }

  /** Answers every request the editor gave up on (an older tab's load, an older draft's preview). */
  async function settleStale() {
    const snapshot = screen.child.getSnapshot();
    const live: Record<ServiceName, boolean> = {
      loadContent: snapshot.hasTag('loading'),
      saveContent: snapshot.hasTag('saving') || snapshot.hasTag('resetting'),
      renderPreview: snapshot.matches({ preview: 'rendering' }),
    };
    for (const name of Object.keys(calls) as ServiceName[]) {
      const open = calls[name].filter((c) => !c.settled);
      for (const call of live[name] ? open.slice(0, -1) : open) {
        call.settled = true;
        call.resolve(
          name === 'renderPreview' ? { preview: STALE_PREVIEW } : name === 'loadContent' ? SAVED : { saved: SAVED },
        );
      }
    }
    await flush();
  }

  return { ...screen, editor: screen.child, calls, notices, settle, settleStale, flush };
}

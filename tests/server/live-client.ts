import type { Schemas } from '../../shared/contract';

/** One Server-Sent Events message as it came: its fields, or a comment line. */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

export type LiveChange = Schemas['LiveChange'];

/**
 * A client of GET /api/v1/events over real HTTP (fetch, as the app reads it): collects the
 * messages as they arrive, split on blank lines, and waits for the ones a test expects.
 */
export class SseClient {
  readonly messages: SseMessage[] = [];
  /** Resolves when the response ends (or the connection breaks). */
  readonly ended: Promise<void>;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  status = 0;
  headers = new Headers();
  body = '';

  constructor(
    private readonly url: string,
    private readonly reqHeaders: Record<string, string>,
  ) {
    let done!: () => void;
    this.ended = new Promise((resolve) => (done = resolve));
    this.endedNow = done;
  }
  private endedNow: () => void;
  isEnded = false;

  async connect(): Promise<this> {
    const res = await fetch(this.url, { headers: this.reqHeaders, signal: this.abort.signal });
    this.status = res.status;
    this.headers = res.headers;
    if (!res.ok || !res.body) {
      this.body = await res.text();
      this.finish();
      return this;
    }
    void this.read(res.body);
    return this;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pending += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          this.messages.push(parse(pending.slice(0, end)));
          pending = pending.slice(end + 2);
        }
        this.wake();
      }
    } catch {
      // aborted or broken: ended either way
    }
    this.finish();
  }

  private finish(): void {
    this.isEnded = true;
    this.endedNow();
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Waits until `test` holds for the messages so far (fails after `ms`). */
  async until(test: (messages: SseMessage[]) => boolean, ms = 5000, what = 'messages'): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test(this.messages)) {
      if (this.isEnded) throw new Error(`The stream ended without ${what}: ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No ${what} within ${ms} ms: ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The messages of an event type. */
  events(name: string): SseMessage[] {
    return this.messages.filter((m) => m.event === name);
  }

  /** The changes so far, with their ids. */
  changes(): (LiveChange & { cursor: string })[] {
    return this.events('change').map((m) => ({ ...(JSON.parse(m.data!) as LiveChange), cursor: m.id! }));
  }

  /** Waits for `ready` and answers its cursor. */
  async ready(ms = 5000): Promise<string> {
    await this.until((m) => m.some((x) => x.event === 'ready'), ms, 'ready');
    return (JSON.parse(this.events('ready')[0].data!) as { cursor: string }).cursor;
  }

  close(): void {
    this.abort.abort();
  }
}

function parse(block: string): SseMessage {
  const m: SseMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      m.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') m.data = m.data === undefined ? value : `${m.data}\n${value}`;
    else if (field === 'id') m.id = value;
    else if (field === 'event') m.event = value;
    else if (field === 'retry') m.retry = Number(value);
  }
  return m;
}

/** Opens the team's stream on a listening server. */
export function openEvents(
  origin: string,
  teamId: string | null,
  token: string | null,
  lastEventId?: string,
): Promise<SseClient> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const query = teamId === null ? '' : `?teamId=${encodeURIComponent(teamId)}`;
  return new SseClient(`${origin}/api/v1/events${query}`, headers).connect();
}

/** Streams opened through `open`, closed together by `closeAll` (after each test). */
export function trackedStreams() {
  const opened: SseClient[] = [];
  return {
    async open(...args: Parameters<typeof openEvents>): Promise<SseClient> {
      const s = await openEvents(...args);
      opened.push(s);
      return s;
    },
    closeAll(): void {
      for (const s of opened.splice(0)) s.close();
    },
  };
}

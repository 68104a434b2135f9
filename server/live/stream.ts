import { PassThrough } from 'node:stream';
import type { Db } from '../db/client';
import { formatCursor, parseCursor, type Cursor } from './cursor';
import { liveMessages, type LiveMessage } from './changes';
import type { LiveFeed } from './feed';
import { cursorKnown, teamRowsBetween } from './rows';

export interface StreamOptions {
  /** A `: heartbeat` comment this often (keeps proxies from closing an idle response). */
  heartbeatMs: number;
  /** A client that lets more than this many bytes pile up is dropped (it resumes by its cursor). */
  maxBufferBytes: number;
  /** A resume with more changes than this gets a reset instead (the client reloads). */
  maxBacklog: number;
}

export const STREAM_DEFAULTS: StreamOptions = { heartbeatMs: 15_000, maxBufferBytes: 1 << 20, maxBacklog: 5000 };

export interface StreamRequest {
  teamId: string;
  /** Last-Event-ID: resume after it. */
  lastEventId?: string;
  /** The access token's expiry (unix seconds): the stream ends then, and the client's next try gets 401. */
  expiresAt?: number;
  /** Asked at each heartbeat: false (a logout revoked the token on any instance, the member left
   *  the team) ends the stream, and the client's next try gets the 401 or 403 that ends its session. */
  stillAllowed?: () => Promise<boolean>;
}

const BYE = 'retry: 1000\n\nevent: bye\ndata: {}\n\n';
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * One client's stream of a team's changes, written as Server-Sent Events into `body` (the HTTP
 * response's payload). Subscribes to the feed first and buffers what it hands over, sends the
 * backlog after Last-Event-ID up to the feed's cursor at that moment, then `ready` and the
 * buffered and following changes: no gap, no duplicate.
 */
export class LiveStream {
  readonly body = new PassThrough();
  private live = false;
  private readonly buffered: LiveMessage[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribe: () => void = () => undefined;
  private ended = false;

  constructor(
    private readonly options: StreamOptions,
    onEnd: () => void,
  ) {
    this.body.on('close', () => {
      this.ended = true;
      this.unsubscribe();
      for (const t of this.timers) clearTimeout(t);
      onEnd();
    });
    this.write('retry: 3000\n\n');
  }

  /** Subscribes and sends the backlog; the feed must have started. */
  open(db: Db, feed: LiveFeed, req: StreamRequest): void {
    const sub = feed.subscribe({ teamId: req.teamId, deliver: (m) => this.deliver(m) });
    this.unsubscribe = sub.unsubscribe;
    const heartbeat = setInterval(() => this.beat(req), this.options.heartbeatMs);
    this.timers.push(heartbeat);
    if (req.expiresAt !== undefined) {
      // setTimeout takes at most 2^31-1 ms (24.8 days); a token lives far less
      const ms = Math.min(Math.max(req.expiresAt * 1000 - Date.now(), 0), 2 ** 31 - 1);
      this.timers.push(setTimeout(() => this.end(), ms));
    }
    this.backlog(db, req, sub.cursor).then(
      () => {
        if (this.ended) return;
        this.write(event('ready', { cursor: formatCursor(sub.cursor) }));
        this.live = true;
        for (const m of this.buffered.splice(0)) this.write(m.frame);
      },
      (err: Error) => {
        // the client connects again with its cursor
        console.error(`Live stream: ${err.message}`);
        this.body.destroy();
      },
    );
  }

  private async backlog(db: Db, req: StreamRequest, upTo: Cursor): Promise<void> {
    if (req.lastEventId === undefined) return;
    const from = parseCursor(req.lastEventId);
    if (!from || !(await cursorKnown(db, from))) {
      return this.write(event('reset', { reason: from ? 'The cursor is unknown or too old' : 'Not a cursor' }));
    }
    const rows = await teamRowsBetween(db, req.teamId, from, upTo, this.options.maxBacklog + 1);
    if (rows.length > this.options.maxBacklog) {
      return this.write(event('reset', { reason: 'Too many changes since the cursor' }));
    }
    for (const m of await liveMessages(db, rows)) this.write(m.frame);
  }

  private beat(req: StreamRequest): void {
    if (this.ended) return;
    if (!req.stillAllowed) return this.write(': heartbeat\n\n');
    req.stillAllowed().then(
      (allowed) => (allowed ? this.write(': heartbeat\n\n') : this.end()),
      // the database did not answer: keep the stream, ask again at the next beat
      () => this.write(': heartbeat\n\n'),
    );
  }

  private deliver(m: LiveMessage): void {
    if (this.live) this.write(m.frame);
    else this.buffered.push(m);
  }

  private write(text: string): void {
    if (this.ended) return;
    // a client that does not read: drop it rather than hold its changes; it resumes by its cursor
    if (this.body.writableLength + this.body.readableLength > this.options.maxBufferBytes) {
      this.body.destroy();
      return;
    }
    this.body.write(text);
  }

  /** Ends the response: with `bye` (and a short retry) when the server shuts down. */
  end(bye = false): void {
    if (this.ended) return;
    if (bye) this.write(BYE);
    this.ended = true;
    // no more beats (nor their checks) while the response drains
    for (const t of this.timers) clearTimeout(t);
    this.body.end();
  }
}

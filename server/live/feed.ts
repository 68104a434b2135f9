import type { Db } from '../db/client';
import { finished, formatCursor, type Cursor } from './cursor';
import { liveMessages, type LiveMessage } from './changes';
import { pruneLiveEvents, rowsAfter, startCursor } from './rows';

export const LIVE_CHANNEL = 'tourdesk_live';

export interface FeedOptions {
  /** Wait this long after a notification before reading, so that a burst is one read. */
  debounceMs: number;
  /** Read again this soon when committed rows wait behind a transaction still open. */
  pendingPollMs: number;
  /** Read at least this often, whatever was notified (a lost notification costs at most this). */
  safetyPollMs: number;
  /** Remove rows older than this many hours, every `pruneEveryMs`. */
  retentionHours: number;
  pruneEveryMs: number;
}

export const FEED_DEFAULTS: FeedOptions = {
  debounceMs: 3,
  pendingPollMs: 50,
  safetyPollMs: 2000,
  retentionHours: 24,
  pruneEveryMs: 10 * 60_000,
};

/** Rows read at a time. */
const BATCH = 500;

export interface Subscriber {
  teamId: string;
  deliver(message: LiveMessage): void;
}

/**
 * The one reader of the live event log in a process: woken by LISTEN (any instance's writes) and a
 * timer, it reads every team's new rows of finished transactions from its cursor in one query,
 * makes each change's message once, and hands it to the subscribers of its team. It starts with
 * the first subscriber and runs until stopped.
 */
export class LiveFeed {
  private cursor: Cursor | null = null;
  private readonly teams = new Map<string, Set<Subscriber>>();
  private starting: Promise<void> | null = null;
  private stopped = false;
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private safety: NodeJS.Timeout | null = null;
  private prune: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private failures = 0;

  constructor(
    private readonly db: Db,
    readonly options: FeedOptions = { ...FEED_DEFAULTS },
  ) {}

  /** Starts listening and reading (once); resolves when the feed has its cursor. */
  start(): Promise<void> {
    this.starting ??= this.begin().catch((err: unknown) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  private async begin(): Promise<void> {
    if (this.stopped) throw new Error('The live feed has stopped');
    this.cursor = await startCursor(this.db);
    if (this.db.listen) {
      this.unlisten = await this.db.listen(
        LIVE_CHANNEL,
        () => this.poke(this.options.debounceMs),
        () => this.poke(0),
      );
    }
    this.safety = setInterval(() => this.poke(0), this.options.safetyPollMs);
    this.safety.unref();
    this.prune = setInterval(() => void this.pruneNow(), this.options.pruneEveryMs);
    this.prune.unref();
    void this.pruneNow();
  }

  /** Subscribes to a team's changes after the returned cursor (the feed must have started). */
  subscribe(sub: Subscriber): { cursor: Cursor; unsubscribe(): void } {
    if (!this.cursor) throw new Error('The live feed has not started');
    let subs = this.teams.get(sub.teamId);
    if (!subs) this.teams.set(sub.teamId, (subs = new Set()));
    subs.add(sub);
    return {
      cursor: this.cursor,
      unsubscribe: () => {
        subs.delete(sub);
        if (subs.size === 0 && this.teams.get(sub.teamId) === subs) this.teams.delete(sub.teamId);
      },
    };
  }

  /** The cursor up to which every change was handed out (null before the start). */
  get position(): string | null {
    return this.cursor && formatCursor(this.cursor);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of [this.timer, this.safety, this.prune]) if (t) clearTimeout(t);
    this.teams.clear();
    await this.starting?.catch(() => undefined);
    await this.unlisten?.();
    this.unlisten = null;
    // a read under way finishes on its own; it hands nothing out once stopped
  }

  /** Reads soon (after `delay` ms), or again right after the read under way. */
  poke(delay: number): void {
    if (this.stopped || !this.cursor) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.read();
    }, delay);
  }

  private async read(): Promise<void> {
    this.running = true;
    this.again = false;
    let retryIn: number | null = null;
    try {
      for (;;) {
        const { xmin, rows } = await rowsAfter(this.db, this.cursor!, BATCH);
        const ready = rows.filter((r) => finished(r.tx, xmin));
        if (ready.length > 0) {
          const messages = await liveMessages(this.db, ready);
          if (this.stopped) return;
          // the cursor moves and the messages go out together: a subscriber gets all after its cursor
          this.cursor = { tx: ready[ready.length - 1].tx, id: ready[ready.length - 1].id };
          for (const m of messages) for (const sub of this.teams.get(m.teamId) ?? []) sub.deliver(m);
        }
        if (ready.length < rows.length) retryIn = this.options.pendingPollMs;
        if (rows.length < BATCH || ready.length < rows.length) break;
      }
      this.failures = 0;
    } catch (err) {
      if (this.stopped) return;
      this.failures++;
      retryIn = Math.min(100 * 2 ** this.failures, this.options.safetyPollMs);
      console.error(`Live feed: ${(err as Error).message}`);
    } finally {
      this.running = false;
    }
    if (this.again) this.poke(0);
    else if (retryIn !== null) this.poke(retryIn);
  }

  private async pruneNow(): Promise<void> {
    if (this.stopped) return;
    try {
      await pruneLiveEvents(this.db, this.options.retentionHours);
    } catch (err) {
      if (!this.stopped) console.error(`Live feed retention: ${(err as Error).message}`);
    }
  }
}

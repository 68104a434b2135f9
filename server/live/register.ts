import type { FastifyInstance } from 'fastify';
import { FEED_DEFAULTS, LiveFeed, type FeedOptions } from './feed';
import { LiveStream, STREAM_DEFAULTS, type StreamOptions, type StreamRequest } from './stream';

/** Streams connected in this process (all apps): the metrics' gauge. */
let connected = 0;
export const liveStreams = (): number => connected;

/**
 * The live events of an app: its feed, its open streams, and their options (tests shorten the
 * heartbeat before the first stream opens). When the app closes, every stream ends with `bye`
 * (before the server waits for its connections) and the feed stops.
 */
export class LiveHub {
  readonly options: StreamOptions & FeedOptions = { ...STREAM_DEFAULTS, ...FEED_DEFAULTS };
  readonly streams = new Set<LiveStream>();
  private feed: LiveFeed | null = null;
  private closing = false;

  constructor(private readonly app: FastifyInstance) {}

  /** Opens a stream (its body is the response's payload); fails before any byte when the feed cannot start. */
  async open(req: StreamRequest): Promise<LiveStream> {
    this.feed ??= new LiveFeed(this.app.db, this.options);
    await this.feed.start();
    const stream = new LiveStream(this.options, () => {
      connected--;
      this.streams.delete(stream);
    });
    connected++;
    this.streams.add(stream);
    if (this.closing) stream.end(true);
    else stream.open(this.app.db, this.feed, req);
    return stream;
  }

  /** The feed's cursor: every change up to it was handed to the streams (null before the first stream). */
  get position(): string | null {
    return this.feed?.position ?? null;
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const s of this.streams) s.end(true);
    await this.feed?.stop();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events: the feed and the streams of GET /api/v1/events. */
    live: LiveHub;
  }
}

export function registerLive(app: FastifyInstance): void {
  app.decorate('live', new LiveHub(app));
  app.addHook('preClose', async () => app.live.close());
}

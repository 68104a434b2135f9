import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { fromCallback } from 'xstate';
import { api, type ApiClient } from './client';
import { parseLiveChange, type LiveChange } from './live-change';

/**
 * The team's live stream (`GET /api/v1/events`, Server-Sent Events) as a callback actor: ONE
 * connection per invocation, read with fetch through the app's one client, so it carries the
 * session's bearer token and a 401 reaches the session exactly as any other call's does. It
 * resumes after `cursor` (Last-Event-ID) and reports every message to its parent; when the
 * connection ends or fails it says so once (`live.connection.lost`, with the server's `retry:`
 * hint) and stops reading. Waiting and reconnecting are the parent machine's (`after`).
 */
export interface LiveStreamInput {
  teamId: string;
  /** The last change seen: the server sends everything after it (or `reset` when it cannot). */
  cursor: string | null;
}

export type LiveStreamEvent =
  /** A committed change; `cursor` is its `id:`. */
  | { type: 'live.change'; change: LiveChange; cursor: string }
  /** The backlog is sent: from here on changes are live. */
  | { type: 'live.ready'; cursor: string | null }
  /** The cursor could not be resumed: what is shown must be loaded again. */
  | { type: 'live.reset'; reason: string }
  /** A heartbeat (or any message): the connection is alive. */
  | { type: 'live.heartbeat' }
  /** The connection ended or could not be made; `status` is the HTTP status when it answered one. */
  | { type: 'live.connection.lost'; retry: number | null; status: number | null };

const readJson = (data: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** What one SSE message means to the parent (null: nothing to report, e.g. `bye` or an unknown event). */
export function messageEvent(message: EventSourceMessage): LiveStreamEvent | null {
  switch (message.event) {
    case 'change': {
      const change = parseLiveChange(message.data);
      return change && message.id ? { type: 'live.change', change, cursor: message.id } : null;
    }
    case 'ready': {
      const cursor = readJson(message.data).cursor;
      return { type: 'live.ready', cursor: typeof cursor === 'string' ? cursor : null };
    }
    case 'reset': {
      const reason = readJson(message.data).reason;
      return { type: 'live.reset', reason: typeof reason === 'string' ? reason : 'reset' };
    }
    default:
      return null;
  }
}

/** The stream actor over a given client (tests give one with their own base URL). */
export function createLiveStream(client: ApiClient) {
  return fromCallback<{ type: 'live.noop' }, LiveStreamInput, LiveStreamEvent>(({ input, sendBack }) => {
    const abort = new AbortController();
    let retry: number | null = null;
    let ended = false;
    const lost = (status: number | null) => {
      if (ended || abort.signal.aborted) return;
      ended = true;
      sendBack({ type: 'live.connection.lost', retry, status });
    };
    const parser = createParser({
      onRetry: (ms) => {
        retry = ms;
      },
      onComment: () => sendBack({ type: 'live.heartbeat' }),
      onEvent: (message) => {
        sendBack({ type: 'live.heartbeat' });
        const event = messageEvent(message);
        if (event) sendBack(event);
      },
    });

    const read = async () => {
      const { data, response } = await client.GET('/api/v1/events', {
        params: {
          query: { teamId: input.teamId },
          header: input.cursor ? { 'Last-Event-ID': input.cursor } : {},
        },
        headers: { Accept: 'text/event-stream' },
        parseAs: 'stream',
        signal: abort.signal,
      });
      if (!response.ok || !data) return lost(response.ok ? null : response.status);
      const reader = data.getReader();
      const decoder = new TextDecoder();
      abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      lost(null);
    };
    read().catch(() => lost(null));
    return () => abort.abort();
  });
}

/** The stream of the app's client. */
export const liveStream = createLiveStream(api);

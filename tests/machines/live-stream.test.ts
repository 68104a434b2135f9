import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type AnyEventObject } from 'xstate';
import { connectClient, createApiClient } from '../../src/api/client';
import { createLiveStream } from '../../src/api/live-stream';
import { liveMachine } from '../../src/machines/live/live.machine';
import type { LiveChange } from '../../src/machines/live/types';

/**
 * The stream service over real HTTP (a loopback server speaking the live format, in chunks as a
 * proxy may cut them): the session's token goes with it, the server's messages reach the live
 * machine, a `bye` makes it reconnect with Last-Event-ID after the hint, and a 401 goes to the
 * session as any other call's does, after which the stream stops trying.
 */
const change: LiveChange = {
  topic: 'orders',
  op: 'update',
  ids: ['o1'],
  at: '2026-11-26T10:00:00.000Z',
  by: { id: 'u2', name: 'Ann' },
};

interface Seen {
  url: string;
  authorization: string | undefined;
  lastEventId: string | undefined;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
let answer: (req: IncomingMessage, res: ServerResponse, n: number) => void;

beforeEach(async () => {
  seen.length = 0;
  server = createServer((req, res) => {
    seen.push({
      url: req.url ?? '',
      authorization: req.headers.authorization,
      lastEventId: req.headers['last-event-id'] as string | undefined,
    });
    answer(req, res, seen.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function sse(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.flushHeaders();
}

describe('the live stream service', () => {
  it('reads the stream with the session token, resumes after a bye with Last-Event-ID, and hands a 401 to the session', async () => {
    const unauthorized = vi.fn();
    const disconnect = connectClient({ getToken: () => 'tok-1', onUnauthorized: unauthorized });
    answer = (_req, res, n) => {
      if (n === 2) {
        sse(res);
        // the backlog after cursor 1, then ready, then the server shuts down with a short hint
        res.write(`retry: 3000\n\nid: 2\nevent: change\ndata: ${JSON.stringify({ ...change, ids: ['o2'] })}\n\n`);
        res.write('event: ready\ndata: {"cursor":"2"}\n\n');
        res.end('retry: 20\n\nevent: bye\ndata: {}\n\n');
        return;
      }
      if (n > 2) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'UNAUTHORIZED', message: 'expired' }));
        return;
      }
      sse(res);
      res.write('retry: 3000\n\nevent: ready\ndata: {"cursor":"0"}\n\n');
      // one message cut in the middle, as a proxy may deliver it
      const message = `id: 1\nevent: change\ndata: ${JSON.stringify(change)}\n\n`;
      res.write(message.slice(0, 20));
      setTimeout(() => {
        res.write(message.slice(20));
        res.write(': heartbeat\n\n');
        res.end('retry: 20\n\nevent: bye\ndata: {}\n\n');
      }, 20);
    };
    const stream = createLiveStream(createApiClient({ baseUrl: base }));
    const live = createActor(liveMachine.provide({ actors: { stream } }), { input: { teamId: 'team 1' } });
    const emitted: AnyEventObject[] = [];
    live.on('live.change', (e) => emitted.push(e));
    live.start();
    try {
      await waitFor(live, (s) => s.matches({ connection: 'stopped' }), { timeout: 5000 });
      expect(seen).toEqual([
        { url: '/api/v1/events?teamId=team%201', authorization: 'Bearer tok-1', lastEventId: undefined },
        { url: '/api/v1/events?teamId=team%201', authorization: 'Bearer tok-1', lastEventId: '1' },
        { url: '/api/v1/events?teamId=team%201', authorization: 'Bearer tok-1', lastEventId: '2' },
      ]);
      expect(emitted).toEqual([
        { type: 'live.change', change },
        { type: 'live.change', change: { ...change, ids: ['o2'] } },
      ]);
      expect(live.getSnapshot().context).toMatchObject({ cursor: '2', status: 401 });
      expect(unauthorized).toHaveBeenCalledTimes(1);
    } finally {
      live.stop();
      disconnect();
    }
  });

  it('stops reading (the request is aborted) when the actor stops, and reports an unreachable server as lost', async () => {
    let aborted: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => (aborted = resolve));
    answer = (_req, res) => {
      sse(res);
      res.write('retry: 3000\n\nevent: ready\ndata: {"cursor":"0"}\n\n');
      // the response stays open: only the client can end it
      res.on('close', () => aborted());
    };
    const stream = createLiveStream(createApiClient({ baseUrl: base }));
    const live = createActor(liveMachine.provide({ actors: { stream } }), { input: { teamId: 't' } }).start();
    await waitFor(live, (s) => s.hasTag('live'), { timeout: 5000 });
    live.stop();
    await gone;

    const unreachable = createLiveStream(createApiClient({ baseUrl: 'http://127.0.0.1:1' }));
    const lost = createActor(liveMachine.provide({ actors: { stream: unreachable } }), { input: { teamId: 't' } });
    lost.start();
    await waitFor(lost, (s) => s.hasTag('reconnecting'), { timeout: 5000 });
    expect(lost.getSnapshot().context).toMatchObject({ attempts: 1, status: null });
    lost.stop();
  });
});

import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// Requests that fail before routing: the framework's own errors (through inject) and those Node's
// HTTP parser refuses (over a real socket, since inject never parses raw HTTP).
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ orders: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t?.close());

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parse(raw: string): Answer {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(end + 4) };
}

/** Reads one whole answer (head and Content-Length body) from the socket. */
function readAnswer(socket: Socket): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let raw = '';
    const onData = (chunk: Buffer) => {
      raw += chunk.toString('latin1');
      const end = raw.indexOf('\r\n\r\n');
      if (end < 0) return;
      const answer = parse(raw);
      if (Buffer.byteLength(answer.body, 'latin1') < Number(answer.headers['content-length'] ?? 0)) return;
      socket.off('data', onData);
      resolve(answer);
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

/** Resolves with how the server left the connection: 'end' (closed cleanly) or the error. */
function closing(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('end', () => resolve('end'));
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

async function open(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

function expectContractError(answer: Answer, status: number, error: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toContain('application/json');
  for (const name of SECURITY_HEADERS) expect(answer.headers[name], name).toBeTruthy();
  const body = JSON.parse(answer.body);
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(body.error).toBe(error);
}

describe('errors answered before routing', () => {
  const malformed = {
    'a raw space in the request line': 'GET /api/he alth HTTP/1.1\r\nHost: localhost\r\n\r\n',
    'an invalid header name': 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header: 1\r\n\r\n',
    'Content-Length with Transfer-Encoding':
      'POST /api/v1/orders/o1/comments HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  };
  for (const [what, request] of Object.entries(malformed)) {
    it(`answers ${what} with 400, the contract's body, the security headers, and closes`, async () => {
      const socket = await open();
      const closed = closing(socket);
      const answer = readAnswer(socket);
      socket.write(request);
      expectContractError(await answer, 400, 'BAD_REQUEST');
      expect((await answer).headers.connection).toBe('close');
      expect(await closed).toBe('end');
      socket.destroy();
    });
  }

  it('answers a URL over 16 KB on a kept-alive connection with 431, then closes it cleanly', async () => {
    const socket = await open();
    const first = readAnswer(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await first).status).toBe(200);
    expect((await first).headers.connection).toBe('keep-alive');
    const closed = closing(socket);
    const second = readAnswer(socket);
    socket.write(`GET /api/health?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectContractError(await second, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
    expect((await second).headers.connection).toBe('close');
    expect(await closed).toBe('end');
    socket.destroy();
  });
});

describe('errors the framework raises while routing', () => {
  it('answers a malformed escape in the path with the contract shape and the security headers', async () => {
    for (const url of ['/api/v1/orders/%ff', '/api/v1/exports/%E0%A4%A/download?expires=1&signature=ab', '/%ff']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'BAD_REQUEST', message: expect.stringContaining('not a valid url') });
      for (const name of SECURITY_HEADERS) expect(res.headers[name], `${url} ${name}`).toBeTruthy();
    }
  });

  it('answers a path parameter over its maximum length with 414 in the contract shape', async () => {
    const res = await t.app.inject({ url: `/api/v1/orders/${'a'.repeat(600)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: 'URI_TOO_LONG', message: expect.stringContaining('max param length') });
    for (const name of SECURITY_HEADERS) expect(res.headers[name], name).toBeTruthy();
  });
});

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorCodeOf } from '../error-handler';

/**
 * Requests that Node's HTTP parser refuses before Fastify sees them (a raw space in the request line,
 * an invalid header name, Content-Length with Transfer-Encoding, headers or URL over 16 KB) are
 * answered here: the contract's `{ error, message }` body with the same security headers as every
 * response, then the connection is closed, and says so (`Connection: close`), since the parser
 * cannot go on after such a request.
 */
const CLOSE_GRACE_MS = 1000;

interface ParserError extends Error {
  code?: string;
}

function statusOf(err: ParserError): { status: number; message: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request line and headers exceed 16 KB' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive' };
    default:
      return { status: 400, message: 'The request is not valid HTTP' };
  }
}

export function clientErrorHandler(headers: Record<string, string>) {
  return (err: ParserError, socket: Socket): void => {
    // A reset connection has nobody to answer to.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    // A response already on its way on this connection must not be corrupted by a second one.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, message } = statusOf(err);
    const body = JSON.stringify({ error: errorCodeOf(status), message });
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
    // The client closes its side once it has read the answer; one that does not is cut off.
    setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
  };
}

import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import { takeEarly } from './early-requests';
import type { paths } from './schema';

/**
 * What the client needs from the session: the current token, and someone to
 * tell about a 401. The client itself never shows a toast or changes location.
 */
export interface ClientConnection {
  getToken: () => string | null;
  onUnauthorized: () => void;
}

const DISCONNECTED: ClientConnection = { getToken: () => null, onUnauthorized: () => undefined };
let connection: ClientConnection = DISCONNECTED;

/** Registers the session's token getter and 401 callback; returns the undo. */
export function connectClient(next: ClientConnection): () => void {
  connection = next;
  return () => {
    if (connection === next) connection = DISCONNECTED;
  };
}

function toldOf401(response: Response): Response {
  if (response.status === 401) connection.onUnauthorized();
  return response;
}

export const sessionMiddleware: Middleware = {
  onRequest({ request }) {
    const token = connection.getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    // the same GET sent by the entry before the app loaded (early-requests.ts): its response, once;
    // a response given here skips every onResponse, so its 401 is told here
    const url = new URL(request.url, 'http://localhost');
    const early = request.method === 'GET' ? takeEarly(url.pathname + url.search, token) : undefined;
    return early ? early.then((response) => (response ? toldOf401(response) : request)) : request;
  },
  onResponse({ response }) {
    return toldOf401(response);
  },
};

export type ApiClient = Client<paths>;

export function createApiClient(options: ClientOptions = {}): ApiClient {
  const client = createClient<paths>({ baseUrl: '', ...options });
  client.use(sessionMiddleware);
  return client;
}

/** The one client of the app: same origin, so the dev server's proxy and production agree. */
export const api = createApiClient();

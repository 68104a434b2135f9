/**
 * Errors that say the database cannot answer now (a statement past DB_STATEMENT_TIMEOUT_MS, no free
 * connection within DB_POOL_WAIT_TIMEOUT_MS, a lost or refused connection, a server shutting down
 * or full): the request is not at fault and may be retried, so they answer 503, not 500.
 */
const UNAVAILABLE_CODES = new Set([
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
  'ECONNREFUSED', // a new connection to a server that is down
]);

/** pg-pool's own errors carry no code: a wait that ran out, a connection that could not be made. */
const POOL_MESSAGES = /^(timeout exceeded when trying to connect|Connection terminated)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return POOL_MESSAGES.test(err.message);
}

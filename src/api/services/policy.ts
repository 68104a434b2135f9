import { ApiError, isAbort, NETWORK_STATUS, toApiError } from '../errors';

/**
 * SPEC section 8 in one place: every service goes through one of these, so
 * "list failures give an empty page", "fetch failures give null" and
 * "logged and re-thrown" mean the same thing everywhere.
 */
interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

type Call<T> = () => Promise<CallResult<T>>;

export interface Page<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

export const EMPTY_PAGE: Page<never> = Object.freeze({ items: [], hasMore: false, nextCursor: null }) as Page<never>;

type Settled<T> = { ok: true; data: T } | { ok: false; error: ApiError; body: unknown };

async function settle<T>(call: Call<T>): Promise<Settled<T>> {
  try {
    const { data, error, response } = await call();
    if (error === undefined && response.ok) return { ok: true, data: data as T };
    return { ok: false, error: toApiError(response.status, error), body: error };
  } catch (thrown) {
    // a stopped actor aborts its request: nobody is waiting for the answer
    if (isAbort(thrown)) throw thrown;
    return { ok: false, error: toApiError(NETWORK_STATUS, thrown), body: undefined };
  }
}

function logFailure(what: string, error: ApiError): void {
  console.error(`[api] ${what} failed (${error.status} ${error.error}): ${error.message}`);
}

/** List failures: an empty page, hasMore false. */
export async function listOrEmpty<T, Item>(
  what: string,
  call: Call<T>,
  toPage: (data: T) => Page<Item>,
): Promise<Page<Item>> {
  const result = await settle(call);
  if (result.ok) return toPage(result.data);
  logFailure(what, result.error);
  return { ...EMPTY_PAGE, items: [] };
}

/** Fetch failures (user, organization, settings): null. */
export async function fetchOrNull<T>(what: string, call: Call<T>): Promise<T | null> {
  const result = await settle(call);
  if (result.ok) return result.data;
  logFailure(what, result.error);
  return null;
}

/** Calls whose failure is "logged only": null, and the caller carries on. */
export const logOnly = fetchOrNull;

/** Export, create-orders, email, comment, delete: logged and re-thrown as an ApiError. */
export async function orThrow<T>(what: string, call: Call<T>): Promise<T> {
  const result = await settle(call);
  if (result.ok) return result.data;
  logFailure(what, result.error);
  throw result.error;
}

/**
 * Calls whose refusals are answers the caller shows (a template error on its field, "no order to
 * preview with"): `refusalOf` picks them out of the status and error body. Any other failure is
 * logged and re-thrown, as with orThrow.
 */
export async function orRefusal<T, R>(
  what: string,
  call: Call<T>,
  refusalOf: (status: number, body: unknown) => R | null,
): Promise<{ ok: true; data: T } | { ok: false; refusal: R }> {
  const result = await settle(call);
  if (result.ok) return result;
  const refusal = refusalOf(result.error.status, result.body);
  if (refusal !== null) return { ok: false, refusal };
  logFailure(what, result.error);
  throw result.error;
}

export interface TokenResult {
  /** Null when signing in or registering failed. */
  accessToken: string | null;
  /** The server knows no account for this identity yet (404 USER_NOT_FOUND): register first. */
  userNotFound: boolean;
}

/** Sign-in/register failure: accessToken null. */
export async function tokenOrNull(what: string, call: Call<{ accessToken: string }>): Promise<TokenResult> {
  const result = await settle(call);
  if (result.ok) return { accessToken: result.data.accessToken, userNotFound: false };
  const userNotFound = result.error.status === 404 && result.error.error === 'USER_NOT_FOUND';
  if (!userNotFound) logFailure(what, result.error);
  return { accessToken: null, userNotFound };
}

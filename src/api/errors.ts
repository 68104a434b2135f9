/** A failed API call: the HTTP status and the contract's `{ error, message }` body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** Status used when no response arrived at all (network down, CORS, DNS). */
export const NETWORK_STATUS = 0;

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function isErrorBody(body: unknown): body is { error: string; message?: string } {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

/** Turn whatever came back (an error body, a thrown value) into one ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  if (body instanceof ApiError) return body;
  if (isErrorBody(body)) return new ApiError(status, body.error, body.message ?? body.error);
  if (body instanceof Error) return new ApiError(status, 'NETWORK_ERROR', body.message);
  return new ApiError(status, 'HTTP_ERROR', `Request failed with status ${status}`);
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

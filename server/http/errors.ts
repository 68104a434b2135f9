/** An error a handler throws on purpose: the app answers `{ error, message }` with its status
 *  (and `details` merged into that body, e.g. INVALID_SCHEDULE's `fields`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    /** Headers the answer carries (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
    /** More of the body the contract's Error allows; never overrides `error` or `message`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have access to this team') => new HttpError(403, 'FORBIDDEN', message);
export const badRequest = (message: string) => new HttpError(400, 'BAD_REQUEST', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);

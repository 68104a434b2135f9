/** An error a handler throws on purpose: the app answers `{ error, message }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    /** Headers the answer carries (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have access to this team') => new HttpError(403, 'FORBIDDEN', message);
export const badRequest = (message: string) => new HttpError(400, 'BAD_REQUEST', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);

/** The generic error page of SPEC section 2: not-found variant for 404, else server-error. */
export type ErrorVariant = 'not-found' | 'server-error';

export interface ErrorPageInput {
  statusCode?: number;
  statusMessage?: string;
  description?: string;
}

export interface ErrorPageModel {
  statusCode: number;
  statusMessage: string;
  description: string;
  variant: ErrorVariant;
}

export const DEFAULT_STATUS_CODE = 500;
export const NOT_FOUND_MESSAGE = 'Page Not Found';
export const SERVER_ERROR_MESSAGE = 'Internal Server Error';
/** What unmatched routes show. */
export const PAGE_NOT_FOUND = 'Page not found';

export function errorPageModel(input: ErrorPageInput = {}): ErrorPageModel {
  const statusCode = input.statusCode ?? DEFAULT_STATUS_CODE;
  const notFound = statusCode === 404;
  return {
    statusCode,
    statusMessage: input.statusMessage ?? (notFound ? NOT_FOUND_MESSAGE : SERVER_ERROR_MESSAGE),
    description: input.description ?? '',
    variant: notFound ? 'not-found' : 'server-error',
  };
}

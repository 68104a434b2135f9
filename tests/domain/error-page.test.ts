import { describe, expect, it } from 'vitest';
import { errorPageModel } from '../../src/domain/error-page';

describe('generic error page', () => {
  it('defaults to a 500 server error', () => {
    expect(errorPageModel()).toEqual({
      statusCode: 500,
      statusMessage: 'Internal Server Error',
      description: '',
      variant: 'server-error',
    });
  });

  it('uses the not-found variant and message for 404', () => {
    expect(errorPageModel({ statusCode: 404 })).toMatchObject({
      statusMessage: 'Page Not Found',
      variant: 'not-found',
    });
  });

  it('uses the server-error variant for any other status', () => {
    expect(errorPageModel({ statusCode: 403 })).toMatchObject({
      statusMessage: 'Internal Server Error',
      variant: 'server-error',
    });
  });

  it('keeps a given message and description', () => {
    expect(errorPageModel({ statusCode: 404, statusMessage: 'Page not found', description: 'Gone' })).toEqual({
      statusCode: 404,
      statusMessage: 'Page not found',
      description: 'Gone',
      variant: 'not-found',
    });
  });
});

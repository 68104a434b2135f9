/**
 * The app's one API client over a fake fetch, for tests of the real services: it records every
 * request and answers with `answer` (set by each test). A test file mocks the client with it:
 *
 *   vi.mock('../../src/api/client', async (importOriginal) =>
 *     (await import('./fake-client')).clientOver(await importOriginal()));
 */
import type * as Client from '../../src/api/client';

export const requests: Request[] = [];
let answer: (request: Request) => Response = () => new Response(null, { status: 500 });

/** How the fake server answers from now on. */
export function answerWith(next: (request: Request) => Response): void {
  answer = next;
}

export function resetClient(): void {
  requests.length = 0;
  answer = () => new Response(null, { status: 500 });
}

export function clientOver(original: typeof Client): typeof Client {
  const fetch = async (request: Request) => {
    requests.push(request);
    return answer(request);
  };
  return { ...original, api: original.createApiClient({ baseUrl: 'http://test', fetch }) };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

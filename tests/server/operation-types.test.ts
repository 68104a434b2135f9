import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../server/error-handler';
import {
  noContent,
  routeHandler,
  withHeaders,
  type Handlers,
  type OperationHandler,
} from '../../server/http/operation';

/**
 * Handlers are typed by the contract: the `@ts-expect-error` lines below are checked by `npm test`'s
 * type check, so a loosened type (an `any` creeping into the inputs or results) fails the build.
 */
describe('typed operation handlers', () => {
  it('refuses, at compile time, a result or an input the contract does not have', () => {
    // @ts-expect-error: listProducts answers { products, hasMore, nextCursor }
    const wrongResult: OperationHandler<'listProducts'> = async () => ({ items: [] });
    // @ts-expect-error: getOrder has no query parameter `teamId`
    const wrongInput: OperationHandler<'getOrder'> = async ({ query }) => ({ id: query.teamId });
    // @ts-expect-error: a map of handlers must name every operation of the contract
    const incomplete: Handlers = { getHealth: async () => ({ status: 'ok' }) };
    const right: OperationHandler<'listProducts'> = async ({ query }) => ({
      products: [{ id: query.teamId, name: 'n', route: 'r', pack: null }],
      hasMore: false,
      nextCursor: null,
    });
    expect([wrongResult, wrongInput, incomplete, right].length).toBe(4);
  });

  it('sends the body, or the status and headers of a Reply, with the caller and the role the operation needs', async () => {
    const app = Fastify();
    app.decorate('db', null as never);
    app.decorate('config', null as never);
    app.decorateRequest('auth', null);
    registerErrorHandling(app);
    const listed: OperationHandler<'listProducts'> = async ({ query }) => ({
      products: [],
      hasMore: false,
      nextCursor: query.cursor ?? null,
    });
    const replayed: OperationHandler<'getHealth'> = async () => withHeaders({ status: 'ok' }, { 'x-seen': 'yes' });
    const removed: OperationHandler<'deleteOrder'> = async ({ path }, { user }) => {
      expect(path.id).toBe('o1');
      expect(user.userId).toBe('u1');
      // the role matrix (shared/permissions.ts) says what the operation needs
      expect(user.needs).toBe('EDITOR');
      return noContent();
    };
    const anonymous: OperationHandler<'listProducts'> = async (_input, call) => ({
      products: [],
      hasMore: false,
      nextCursor: call.user.userId,
    });
    app.get('/list', routeHandler('listProducts', listed));
    app.get('/replayed', routeHandler('getHealth', replayed));
    app.get('/anonymous', routeHandler('listProducts', anonymous));
    app.delete(
      '/orders/:id',
      { onRequest: async (req) => void (req.auth = { userId: 'u1', email: 'e', name: 'n' }) },
      routeHandler('deleteOrder', removed),
    );

    const list = await app.inject({ url: '/list?cursor=abc' });
    expect(list.json()).toEqual({ products: [], hasMore: false, nextCursor: 'abc' });
    const again = await app.inject({ url: '/replayed' });
    expect([again.statusCode, again.headers['x-seen'], again.json()]).toEqual([200, 'yes', { status: 'ok' }]);
    const gone = await app.inject({ method: 'DELETE', url: '/orders/o1' });
    expect([gone.statusCode, gone.body]).toEqual([204, '']);
    // nobody signed in: reading the caller is a 401, never undefined
    const nobody = await app.inject({ url: '/anonymous' });
    expect([nobody.statusCode, nobody.json().error]).toEqual([401, 'UNAUTHORIZED']);
    await app.close();
  });
});

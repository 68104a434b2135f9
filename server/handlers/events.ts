import { access } from '../auth/access';
import { HttpError } from '../http/errors';
import { file, type OperationHandler } from '../http/operation';
import { isRevoked } from '../repo/revoked-tokens';

/** The team's live changes as Server-Sent Events (server/live/): any member of the team. */
export const streamEvents: OperationHandler<'streamEvents'> = async ({ query, headers }, { user, db, app }) => {
  const team = await access(db, user, { team: query.teamId });
  const stream = await app.live.open({
    teamId: team.teamId,
    lastEventId: headers['last-event-id'],
    expiresAt: user.token?.expiresAt,
    // a logout on any instance, or leaving the team, ends the stream within a heartbeat
    stillAllowed: async () => {
      if (user.token && (await isRevoked(db, user.token.id))) return false;
      try {
        await access(db, user, { team: query.teamId });
        return true;
      } catch (err) {
        if (err instanceof HttpError) return false;
        throw err;
      }
    },
  });
  return file(stream.body, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // one response per connection: when it ends (bye, expiry) the socket closes, and a closing
    // server does not wait for a kept-alive connection
    connection: 'close',
    // proxies that buffer responses (nginx) pass this one through as it comes
    'x-accel-buffering': 'no',
  });
};

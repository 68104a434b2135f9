import { access } from '../auth/access';
import type { Db } from '../db/client';
import type { QueryOf } from '../http/operation';
import { knownTimezone, listOrdersJson, rememberTimezone } from '../repo/orders-json';
import type { Caller } from '../types';

/**
 * The hot path of listOrders: one query answers with the page's JSON when the team's timezone is
 * known (its membership and timezone are checked by that query); otherwise, or when it finds
 * nothing, the team is read (403 when the caller is not a member) and the query runs with what was
 * read. Null for an empty page.
 */
export async function orderPageJson(db: Db, user: Caller, query: QueryOf<'listOrders'>): Promise<string | null> {
  const guess = knownTimezone(query.teamId);
  let json = guess
    ? await listOrdersJson(db, user.userId, { teamId: query.teamId, timezone: guess }, query, query)
    : null;
  if (json === null) {
    const team = await access(db, user, { team: query.teamId });
    rememberTimezone(team.teamId, team.timezone);
    if (team.timezone !== guess) json = await listOrdersJson(db, user.userId, team, query, query);
  }
  return json;
}

import { access } from '../auth/access';
import { notFound } from '../http/errors';
import type { OperationHandler } from '../http/operation';
import * as inbox from '../repo/inbox';

/** The channel inbox: what came from the OTAs and needs a person, and acknowledging it. */
export const listInbox: OperationHandler<'listInbox'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return inbox.listInbox(db, team.teamId, query.state ?? 'open', { cursor: query.cursor, limit: query.limit });
};

export const countInbox: OperationHandler<'countInbox'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return { total: await inbox.countOpenInbox(db, team.teamId) };
};

/** Another team's item answers 404, as if it did not exist; a second acknowledgement changes nothing. */
export const acknowledgeInboxItem: OperationHandler<'acknowledgeInboxItem'> = async ({ path }, { db, user }) => {
  const team = await access(db, user, { inboxItem: path.id });
  const item = await inbox.acknowledgeInboxItem(db, team.teamId, path.id, user);
  if (!item) throw notFound('Inbox item');
  return item;
};

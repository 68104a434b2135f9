import { access } from '../auth/access';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { appendEvent, subjectOf, type EventLog, type Subject } from '../repo/events';
import type { Caller } from '../types';

/** A comment on an order or a tour: a COMMENT event of its timeline. */
export async function addComment(db: Db, user: Caller, subject: Subject, comment: string): Promise<EventLog> {
  if (!comment.trim()) throw badRequest('A comment cannot be empty');
  const team = await access(db, user, subject);
  return appendEvent(db, user, { teamId: team.teamId, ...subjectOf(subject), type: 'COMMENT', comment });
}

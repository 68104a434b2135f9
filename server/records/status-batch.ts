import { roleAtLeast } from '../../shared/statuses';
import { teamsOf } from '../auth/access';
import type { Db } from '../db/client';
import { checkUnique } from '../http/validate';
import { moveStatuses, type StatusMove, type StatusMoved } from '../repo/status-moves';
import type { Caller } from '../types';
import type { VersionedTable } from '../repo/versioned';

/**
 * Moves orders or tours to statuses, all or nothing (404 for a foreign id, 409 for a stale version);
 * with `skipStale` (an undo), the rows changed since their version are left as they are and named.
 */
export async function moveStatusBatch<S extends string>(
  db: Db,
  user: Caller,
  kind: { table: VersionedTable },
  items: StatusMove<S>[],
  skipStale = false,
): Promise<{ moved: StatusMoved<S>[]; skipped: string[] }> {
  checkUnique(
    items.map((i) => i.id),
    'ids',
  );
  return db.tx(async (tx) => {
    // the teams where the caller holds the role the operation needs (the role matrix)
    const teams = [...(await teamsOf(tx, user))].filter(([, role]) => roleAtLeast(role, user.needs)).map(([id]) => id);
    const moved = await moveStatuses(tx, kind.table, user, teams, items, skipStale ? 'skip' : 'refuse');
    const done = new Set(moved.map((m) => m.id));
    return { moved, skipped: items.filter((i) => !done.has(i.id)).map((i) => i.id) };
  });
}

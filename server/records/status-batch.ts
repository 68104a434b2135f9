import { roleAtLeast } from '../../shared/statuses';
import { teamsOf } from '../auth/access';
import type { Db } from '../db/client';
import { checkUnique } from '../http/validate';
import { moveStatuses, type StatusMove, type StatusMoved } from '../repo/status-moves';
import type { Caller } from '../types';
import type { VersionedTable } from '../repo/versioned';

/** Moves orders or tours to statuses, all or nothing (404 for a foreign id, 409 for a stale version). */
export async function moveStatusBatch<S extends string>(
  db: Db,
  user: Caller,
  kind: { table: VersionedTable },
  items: StatusMove<S>[],
): Promise<StatusMoved<S>[]> {
  checkUnique(
    items.map((i) => i.id),
    'ids',
  );
  return db.tx(async (tx) => {
    // the teams where the caller holds the role the operation needs (the role matrix)
    const teams = [...(await teamsOf(tx, user))].filter(([, role]) => roleAtLeast(role, user.needs)).map(([id]) => id);
    return moveStatuses(tx, kind.table, user, teams, items);
  });
}

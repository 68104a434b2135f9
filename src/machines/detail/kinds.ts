import { addTourComment, loadTourRecord } from '../../api/services/details';
import { commentBoxMachine } from '../comment-box/comment-box.machine';
import type { ListKind } from '../list/types';
import { recordDeleteMachines } from '../record-delete/record-delete.machine';
import { detailMachine } from './detail.machine';

/** The panel of each kind: the same machine with its kind's services. */
export const detailMachines = {
  orders: detailMachine,
  tours: detailMachine.provide({
    actors: {
      loadRecord: loadTourRecord,
      remover: recordDeleteMachines.tours,
      comment: commentBoxMachine.provide({ actors: { addComment: addTourComment } }),
    },
  }),
} as const satisfies Record<ListKind, typeof detailMachine>;

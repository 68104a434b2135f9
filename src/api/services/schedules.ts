import { fromPromise } from 'xstate';
import type { FieldError } from '../../../shared/schedule-rules';
import type { ProductSchedule } from '../../../shared/schedule';
import { api } from '../client';
import type { components } from '../schema';
import { orRefusal, orThrow } from './policy';

/** A product's schedule: what a reseller needs to sell it through the channel (null: not sold). */
export type { FieldError, ProductSchedule };
type ErrorBody = components['schemas']['Error'];

export interface ScheduleKey {
  teamId: string;
  productId: string;
}

export const getProductSchedule = fromPromise<ProductSchedule | null, ScheduleKey>(async ({ input, signal }) => {
  const data = await orThrow('getProductSchedule', () =>
    api.GET('/api/v1/products/{id}/schedule', {
      params: { path: { id: input.productId }, query: { teamId: input.teamId } },
      signal,
    }),
  );
  return data.schedule;
});

export type ScheduleSaveAnswer = { saved: ProductSchedule | null } | { refused: FieldError[] };

/** The server's 400 INVALID_SCHEDULE: each field at fault and its message. */
function scheduleRefusal(status: number, body: unknown): FieldError[] | null {
  const error = body as ErrorBody | undefined;
  if (status !== 400 || error?.error !== 'INVALID_SCHEDULE' || !Array.isArray(error.fields)) return null;
  return error.fields.map((f) => ({ field: f.field, message: f.message }));
}

/** Replaces the schedule (null stops selling through the channel); a schedule the server refuses is
 *  an answer naming its fields, with nothing saved. */
export const saveProductSchedule = fromPromise<ScheduleSaveAnswer, ScheduleKey & { schedule: ProductSchedule | null }>(
  async ({ input, signal }) => {
    const result = await orRefusal(
      'updateProductSchedule',
      () =>
        api.PUT('/api/v1/products/{id}/schedule', {
          params: { path: { id: input.productId } },
          body: { teamId: input.teamId, schedule: input.schedule },
          signal,
        }),
      scheduleRefusal,
    );
    return result.ok ? { saved: result.data.schedule } : { refused: result.refusal };
  },
);

import { statusLabel, type Status } from '../../src/domain/statuses';
import type { SeededTeam } from './base';
import { COMMENTS } from './catalog';
import { checkpointsFor, pricesFor, type OrderRow } from './orders';
import type { Random } from './random';
import { DAY_MS, localTime } from './time';

/** Groups orders into tours, settles every status and checkpoint, and writes the event log. */

export interface TourRow {
  id: string;
  team_id: string;
  display_id: string;
  display_name: string;
  departure_at: Date;
  product_id: string;
  prices: unknown[];
  status: Status;
  version: number;
}

export interface EventRow {
  id: string;
  team_id: string;
  order_id: string | null;
  tour_id: string | null;
  type: string;
  is_system_event: boolean;
  operated_by_id: string | null;
  operated_by_name: string | null;
  comment: string | null;
  data: unknown;
  timestamp: Date;
}

const MAX_TOUR_SIZE = 10;

function tourStatus(rnd: Random, departure: Date, now: Date): Status {
  const ahead = departure.getTime() - now.getTime();
  if (ahead < 0) return rnd.chance(0.85) ? 'completed' : 'arranged';
  if (ahead < 3 * DAY_MS) return rnd.chance(0.7) ? 'arranged' : 'grouped';
  return rnd.chance(0.7) ? 'grouped' : 'arranged';
}

export interface ToursResult {
  tours: TourRow[];
  events: EventRow[];
}

export function buildTours(
  rnd: Random,
  team: SeededTeam,
  orders: OrderRow[],
  now: Date,
  firstNumber: number,
  withHistory = true,
): ToursResult {
  const slots = new Map<string, OrderRow[]>();
  for (const o of orders) {
    if (o.status === 'canceled' || o.status === 'cancel_requested') continue;
    const key = `${o.product_id}|${o.departure_at.getTime()}`;
    const list = slots.get(key) ?? [];
    list.push(o);
    slots.set(key, list);
  }
  const tours: TourRow[] = [];
  const events: EventRow[] = [];
  const staff = () => rnd.pick(team.staff);
  const at = (from: number, to: number) =>
    new Date(Math.min(now.getTime(), from + rnd.next() * Math.max(0, to - from)));
  const event = (
    e: Partial<EventRow> & Pick<EventRow, 'type' | 'timestamp'>,
    by: { id: string; name: string } | null,
  ) =>
    events.push({
      id: rnd.uuid(),
      team_id: team.id,
      order_id: null,
      tour_id: null,
      is_system_event: by === null,
      operated_by_id: by?.id ?? null,
      operated_by_name: by?.name ?? null,
      comment: null,
      data: null,
      ...e,
    });

  const sortedSlots = [...slots.values()].sort((a, b) => a[0].departure_at.getTime() - b[0].departure_at.getTime());
  for (const slot of sortedSlots) {
    for (let i = 0; i + 1 < slot.length; i += MAX_TOUR_SIZE) {
      const members = slot.slice(i, i + MAX_TOUR_SIZE);
      if (members.length < 2 || !rnd.chance(0.4)) continue;
      const departure = members[0].departure_at;
      const product = team.products.find((p) => p.id === members[0].product_id)!;
      const status = tourStatus(rnd, departure, now);
      const tour: TourRow = {
        id: rnd.uuid(),
        team_id: team.id,
        display_id: `T-${String(firstNumber + tours.length).padStart(6, '0')}`,
        display_name: `${product.name} ${localTime(departure, team.timezone)}`,
        departure_at: departure,
        product_id: product.id,
        prices: pricesFor(product, team.currency, team.currency, 1, 1).filter((p) => p.type !== 'TOTAL'),
        status,
        version: status === 'grouped' ? 1 : 2,
      };
      tours.push(tour);
      const lastBooking = Math.max(...members.map((m) => m.booked_at.getTime()));
      const created = at(lastBooking, Math.min(departure.getTime(), lastBooking + 2 * DAY_MS));
      const orderStatus: Status = status === 'grouped' ? 'grouped' : 'arranged';
      for (const m of members) {
        m.tour_id = tour.id;
        // A few linked orders get canceled afterwards: they show up in the "issues" view.
        m.status = rnd.chance(0.04) ? rnd.pick(['canceled', 'cancel_requested'] as const) : orderStatus;
        if (withHistory) {
          event(
            {
              type: 'LINK',
              order_id: m.id,
              tour_id: tour.id,
              comment: `Linked to tour ${tour.display_id}`,
              data: { tourId: tour.id, fromTourId: null },
              timestamp: created,
            },
            staff(),
          );
          m.version += 1;
        }
      }
      if (withHistory) {
        event(
          { type: 'CREATE', tour_id: tour.id, comment: `Created ${tour.display_name}`, timestamp: created },
          staff(),
        );
        if (status !== 'grouped') {
          const moved = at(created.getTime(), departure.getTime());
          event(
            {
              type: 'STATUS',
              tour_id: tour.id,
              comment: `${statusLabel('grouped')} → ${statusLabel(status)}`,
              data: { from: 'grouped', to: status },
              timestamp: moved,
            },
            staff(),
          );
        }
        if (rnd.chance(0.2))
          event(
            {
              type: 'COMMENT',
              tour_id: tour.id,
              comment: rnd.pick(COMMENTS),
              timestamp: at(created.getTime(), now.getTime()),
            },
            staff(),
          );
      }
    }
  }

  for (const o of orders) {
    Object.assign(o, checkpointsFor(rnd, o, now));
    event(
      {
        type: 'CREATE',
        order_id: o.id,
        comment: `Imported from ${o.ota}`,
        data: { ota: o.ota },
        timestamp: o.booked_at,
      },
      null,
    );
    if (!withHistory) continue;
    const booked = o.booked_at.getTime();
    const until = Math.min(now.getTime(), o.departure_at.getTime());
    if (o.status !== 'new') {
      event(
        {
          type: 'STATUS',
          order_id: o.id,
          comment: `${statusLabel('new')} → ${statusLabel(o.status)}`,
          data: { from: 'new', to: o.status },
          timestamp: at(booked, until),
        },
        staff(),
      );
      o.version += 1;
    }
    if (o.email_checkpoints.confirmation) {
      event(
        {
          type: 'EMAIL',
          order_id: o.id,
          comment: `CONFIRMATION e-mail sent to ${o.customer_email}`,
          data: { type: 'CONFIRMATION' },
          timestamp: at(booked, until),
        },
        staff(),
      );
      o.version += 1;
    }
    if (rnd.chance(0.08))
      event(
        { type: 'COMMENT', order_id: o.id, comment: rnd.pick(COMMENTS), timestamp: at(booked, now.getTime()) },
        staff(),
      );
  }
  return { tours, events };
}

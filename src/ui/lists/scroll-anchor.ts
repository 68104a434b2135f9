import type { Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef } from 'react';

/** How many rows in view are remembered to find the list's shift after a change. */
const CANDIDATES = 12;

interface Held {
  id: string;
  /** The row's start minus the scroll position when it was remembered. */
  delta: number;
}

/** The shift most of the remembered rows moved by (a row that moved on its own is outvoted). */
function commonShift(held: readonly Held[], startOf: (id: string) => number | undefined): number {
  const votes = new Map<number, number>();
  for (const h of held) {
    const start = startOf(h.id);
    if (start === undefined) continue;
    const shift = Math.round(start - h.delta);
    votes.set(shift, (votes.get(shift) ?? 0) + 1);
  }
  let best: [number, number] | null = null;
  for (const vote of votes) if (!best || vote[1] > best[1]) best = vote;
  return best ? best[0] : Number.NaN;
}

/**
 * Keeps what the person is looking at in place when rows are inserted or removed above it (another
 * operator's new order, a row that left the view): after such a change the list scrolls by what
 * changed above the rows in view. At the very top nothing is held: new rows simply show there.
 */
export function useScrollAnchor(
  rows: readonly { id: string }[],
  scroller: HTMLElement | null,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  topOffset: number,
): void {
  const held = useRef<Held[]>([]);
  useLayoutEffect(() => {
    if (!scroller) return;
    if (held.current.length > 0 && scroller.scrollTop > 0) {
      const index = new Map(rows.map((r, i) => [r.id, i]));
      const startOf = (id: string) => {
        const i = index.get(id);
        return i === undefined ? undefined : virtualizer.measurementsCache[i]?.start;
      };
      const target = commonShift(held.current, startOf);
      if (Number.isFinite(target) && Math.abs(target - scroller.scrollTop) >= 1) scroller.scrollTop = target;
    }
    const remember = () => {
      const top = scroller.scrollTop;
      const first = top > 0 ? virtualizer.getVirtualItemForOffset(top + topOffset) : undefined;
      held.current = first
        ? virtualizer.measurementsCache
            .slice(first.index, first.index + CANDIDATES)
            .filter((m) => rows[m.index])
            .map((m) => ({ id: rows[m.index].id, delta: m.start - top }))
        : [];
    };
    remember();
    scroller.addEventListener('scroll', remember, { passive: true });
    return () => scroller.removeEventListener('scroll', remember);
  }, [rows, scroller, virtualizer, topOffset]);
}

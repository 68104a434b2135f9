/**
 * Stable slots for the rows in view, so a row that scrolls in takes over the element of one that
 * scrolled out: React then changes its text and offset instead of creating a dozen elements that
 * the browser styles one by one (every element pays for the theme's global rules). A row that
 * stays in view keeps its slot; slots are small numbers, reused lowest first.
 */
export class SlotPool {
  private slots = new Map<string, number>();

  /** The slot of each id, in the order given; the same ids again give the same slots. */
  assign(ids: readonly string[]): number[] {
    const next = new Map<string, number>();
    const used = new Set<number>();
    for (const id of ids) {
      const slot = this.slots.get(id);
      if (slot !== undefined && !next.has(id)) {
        next.set(id, slot);
        used.add(slot);
      }
    }
    let free = 0;
    for (const id of ids) {
      if (next.has(id)) continue;
      while (used.has(free)) free++;
      next.set(id, free);
      used.add(free);
    }
    this.slots = next;
    return ids.map((id) => next.get(id)!);
  }
}

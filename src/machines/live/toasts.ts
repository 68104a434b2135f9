import { otaLabel } from '../../domain/channel-keys';
import type { ChannelCounts, LiveChange } from './types';

/** New orders from a channel, coalesced into one toast per label and window (pure helpers of the live machine). */

/** How long new channel orders are gathered before their toast shows. */
export const CHANNEL_TOAST_WINDOW_MS = 1500;

/** Orders a channel (OCTO key, `by.id` = `channel:<keyId>`) inserted, by OTA label; null when it is no such change. */
export function channelInserts(change: LiveChange): ChannelCounts | null {
  if (change.topic !== 'orders' || change.op !== 'insert' || !change.by?.id.startsWith('channel:')) return null;
  const counts: ChannelCounts = {};
  const orders = change.orders ?? [];
  for (const order of orders) counts[otaLabel(order.ota)] = (counts[otaLabel(order.ota)] ?? 0) + 1;
  // rows left out (truncated): the channel's own name stands for their OTA
  const missing = change.ids.length - orders.length;
  if (missing > 0) {
    const label = change.by.name.replace(/\s*\(.*\)\s*$/, '');
    counts[label] = (counts[label] ?? 0) + missing;
  }
  return counts;
}

export function addCounts(a: ChannelCounts, b: ChannelCounts): ChannelCounts {
  const sum = { ...a };
  for (const [label, n] of Object.entries(b)) sum[label] = (sum[label] ?? 0) + n;
  return sum;
}

/** "3 new orders from Klook" / "1 new order from Klook", one per label. */
export function channelMessages(counts: ChannelCounts): string[] {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([label, n]) => `${n} new ${n === 1 ? 'order' : 'orders'} from ${label}`);
}

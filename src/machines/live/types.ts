import type { ActorRef, Snapshot } from 'xstate';
import type { LiveChange } from '../../api/live-change';
import type { LiveStreamEvent } from '../../api/live-stream';
import type { NotifyEvent } from '../notify';

export type { LiveChange };

/** What the live machine starts from: the selected team. */
export interface LiveInput {
  teamId: string;
}

/** New orders from a channel, counted per OTA label until the toast window closes. */
export type ChannelCounts = Record<string, number>;

export interface LiveContext extends LiveInput {
  /** The last change seen (its `id:`): sent back as Last-Event-ID on every reconnect. */
  cursor: string | null;
  /** The server's `retry:` hint in ms (null until it sent one). */
  retry: number | null;
  /** Reconnects since the stream was last ready (the backoff doubles with each). */
  attempts: number;
  /** The HTTP status that stopped the stream (400/401/403/404: retrying would not help). */
  status: number | null;
  /** New channel orders waiting for their toast. */
  channelOrders: ChannelCounts;
}

export type LiveEvent = LiveStreamEvent;

/** What the live actor emits for the screens (read through a `liveFeed`) and for the toaster. */
export type LiveFeedEvent = { type: 'live.change'; change: LiveChange } | { type: 'live.reset' };
export type LiveEmitted = LiveFeedEvent | NotifyEvent;

/** The live actor as a screen sees it: something whose changes it can follow. */
export type LiveHandle = ActorRef<Snapshot<unknown>, never, LiveEmitted>;

/** How a screen's root hears of changes: what its `liveFeed` child sends it. */
export type LiveReport = LiveFeedEvent;

export type LiveConnection = 'connecting' | 'live' | 'reconnecting' | 'stopped';

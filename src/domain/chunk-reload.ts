/**
 * A failed dynamic import usually means a new build replaced the old chunks:
 * reload the page, but at most once per guard window so that a chunk that
 * really is missing cannot loop the browser.
 */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'chunkReloadAt';

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk \S+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((p) => p.test(error.message));
}

/** Milliseconds still to wait before another reload is allowed; 0 means reload now. */
export function chunkReloadWait(lastReloadAt: number | null, now: number, guardMs = CHUNK_RELOAD_GUARD_MS): number {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return 0;
  const elapsed = now - lastReloadAt;
  if (elapsed < 0) return 0; // a clock that went back must not block reloads forever
  return Math.max(0, guardMs - elapsed);
}

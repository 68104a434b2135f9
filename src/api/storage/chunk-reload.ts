import { CHUNK_RELOAD_STORAGE_KEY } from '../../domain/chunk-reload';

/**
 * When the page last reloaded because a chunk failed to load. Kept in
 * sessionStorage so that the guard survives the reload it guards.
 */
export function readChunkReloadAt(): number | null {
  try {
    const raw = window.sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    const at = raw === null ? NaN : Number(raw);
    return Number.isFinite(at) ? at : null;
  } catch {
    return null;
  }
}

export function writeChunkReloadAt(at: number): void {
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(at));
  } catch {
    // without storage the guard cannot survive the reload; reloading once is still right
  }
}

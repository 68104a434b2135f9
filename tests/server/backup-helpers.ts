import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Db } from '../../server/db/client';

/** `npm run backup` / `npm run restore` as an operator runs them (real processes), and their folders. */
const ROOT = join(import.meta.dirname, '../..');
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

export function folder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function npm(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

export const teamName = async (db: Db) =>
  (await db.query<{ name: string }>("SELECT name FROM teams WHERE code = 'VN'"))[0]?.name ?? null;

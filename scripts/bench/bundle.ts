import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// Prints the gzip size of the JavaScript the login route loads: the entry chunk plus everything it
// imports statically (transitively), read from Vite's manifest. Lazy (dynamic) imports are not counted:
// they load when their screen is visited. Budget: 230 KB gzip.

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

const BUDGET_KB = 230;
const dist = join(process.cwd(), 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit(entryKey);

// The entry imports the app (src/boot.tsx) and the first screen's chunks dynamically, at once; the
// login screen and its layout are lazy routes: their chunks and static imports load on /auth/login too.
const lazyKeys = Object.keys(manifest).filter((k) => /(src\/boot|login-page|auth-layout)\.tsx$/.test(k));
if (lazyKeys.length < 3) throw new Error('the app, the login page or the auth layout is not in the manifest');
lazyKeys.forEach(visit);

let raw = 0;
let gz = 0;
const rows: string[] = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const buf = readFileSync(join(dist, file));
  const size = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += size;
  rows.push(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}

console.log(`Login route JavaScript (${rows.length} files):`);
console.log(rows.join('\n'));
console.log(`total: ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (gz / 1024 > BUDGET_KB) {
  console.error('over budget');
  process.exitCode = 1;
}

import { parseArgs } from 'node:util';
import { makePlatformAdmin } from '../server/auth/platform-admin';
import { ConfigError, loadDatabaseConfig } from '../server/config';
import { openDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';

/**
 * npm run admin -- --email someone@example.com [--name "Their Name"]
 * Makes that person a platform admin (an ADMIN of the Tech Team), creating the team and the user
 * when missing: the user signs in later with that verified e-mail address. Uses DATABASE_URL or
 * DATA_DIR like the server (migrations first); stop the server first on the embedded database.
 * Running it again changes nothing.
 */
const USAGE = 'Usage: npm run admin -- --email someone@example.com [--name "Their Name"]';

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

function parse(): { email: string; name?: string } {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.email) fail('--email is required');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
    fail(`--email must be an e-mail address, got "${values.email}"`);
  return { email: values.email, name: values.name };
}

async function main() {
  const args = parse();
  let where;
  try {
    where = loadDatabaseConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const db = await openDb(where);
  try {
    await migrate(db);
    const { email, userCreated, previousRole } = await makePlatformAdmin(db, args);
    if (previousRole === 'ADMIN')
      console.log(`${email} is already a platform admin (ADMIN of the Tech Team): nothing changed.`);
    else
      console.log(
        `${email} is now a platform admin (ADMIN of the Tech Team${previousRole ? `, was ${previousRole}` : ''})` +
          `${userCreated ? '; they sign in with that address' : ''}.`,
      );
  } finally {
    await db.close();
  }
}

main().catch((err: Error) => {
  console.error(`Admin failed: ${err.message}`);
  process.exit(1);
});

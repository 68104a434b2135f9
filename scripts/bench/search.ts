import { Random } from '../../server/seed/random';
import { seedBenchData } from './bench-data';
import { HttpClient } from './http-client';
import { startServer } from './start-server';
import { formatSummary, machineNote, summarize, verdict, type Summary } from './stats';

/**
 * The order search (`q`) over real HTTP against the server in its own process, with 100,000 orders
 * in one month of one team and BENCH_OTHER_ORDERS (default 100,000) in another team's, one request at
 * a time, as a person searching: the list's first page (200 orders, no dates: the client leaves them
 * out while searching) and the total the navigation shows beside it. Search texts come from orders
 * the list answered: display id prefixes, OTA order id prefixes (any case), and names and e-mails
 * (last names as typed, with their accents, full names, e-mail fragments), and phones (as written, or
 * their last digits with spaces).
 * Targets: p95 <= 30 ms for a prefix, <= 60 ms for a name search (the list).
 */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const OTHER_ORDERS = Number(process.env.BENCH_OTHER_ORDERS ?? 100_000);

interface Listed {
  orders: { displayId: string; otaOrderId: string; customer: { name: string; email: string; phone: string | null } }[];
}

const data = await seedBenchData({ other: OTHER_ORDERS > 0 ? { team: 'VN', orders: OTHER_ORDERS } : undefined });
const server = await startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl, app: false });
const client = new HttpClient(server.url, data.token, 1);
const team = `teamId=${data.teamId}`;

/** Some orders of the team, from four weeks of the month. */
async function sampleOrders(): Promise<Listed['orders']> {
  const out: Listed['orders'] = [];
  for (const day of ['01', '08', '15', '22']) {
    const start = `${data.startDate.slice(0, 8)}${day}`;
    const res = await client.ok<Listed>(
      'GET',
      `/api/v1/orders?${team}&startDate=${start}&endDate=${data.endDate}&limit=200`,
    );
    out.push(...res.body.orders);
  }
  if (out.length === 0) throw new Error('The team has no orders to search for');
  return out;
}

const rnd = new Random(11);
const cased = (text: string) => (rnd.chance(0.5) ? text.toLowerCase() : text);

/** Search texts of each kind, SAMPLES of each. */
function searches(orders: Listed['orders']): Record<string, string[]> {
  const kinds: Record<string, () => string> = {
    'display id prefix': () => cased(rnd.pick(orders).displayId.slice(0, rnd.int(7, 9))),
    'OTA order id prefix': () => cased(rnd.pick(orders).otaOrderId.slice(0, rnd.int(6, 10))),
    'last name (as typed)': () => cased(rnd.pick(orders).customer.name.split(' ').at(-1)!),
    'full name': () => rnd.pick(orders).customer.name.toLowerCase(),
    'e-mail fragment': () => {
      const email = rnd.pick(orders).customer.email;
      return email.slice(0, email.indexOf('@') + 1);
    },
    // the last 7 digits of a phone as a guide types them ("345 678 9" or with the country's +)
    'phone digits': () => {
      const phones = orders.flatMap((o) => (o.customer.phone ? [o.customer.phone] : []));
      const phone = rnd.pick(phones);
      return rnd.chance(0.5)
        ? phone
        : phone
            .replace(/[^0-9]/g, '')
            .slice(-7)
            .replace(/(\d{3})(\d{3})/, '$1 $2 ');
    },
  };
  return Object.fromEntries(Object.entries(kinds).map(([kind, make]) => [kind, Array.from({ length: SAMPLES }, make)]));
}

async function time(paths: string[]): Promise<Summary> {
  const t: number[] = [];
  for (const path of paths) t.push((await client.ok('GET', path)).ms);
  return summarize(t);
}

try {
  const sets = searches(await sampleOrders());
  // warm the server (the first requests compile the code on the path), unmeasured
  for (const q of Object.values(sets).flat().slice(0, 50))
    await client.ok('GET', `/api/v1/orders?${team}&q=${encodeURIComponent(q)}`);

  const list = (q: string) => `/api/v1/orders?${team}&q=${encodeURIComponent(q)}&limit=200`;
  const total = (q: string) => `/api/v1/orders/count/total?${team}&q=${encodeURIComponent(q)}`;
  const month = `&startDate=${data.startDate}&endDate=${data.endDate}`;
  const results: Record<string, Summary> = {};
  console.log(`\nSearch, one request at a time, ${SAMPLES} different texts of each kind:`);
  for (const [kind, texts] of Object.entries(sets)) {
    console.log(
      `  ${kind} (e.g. ${texts
        .slice(0, 3)
        .map((q) => `"${q}"`)
        .join(', ')})`,
    );
    results[kind] = await time(texts.map(list));
    console.log(`    list, page 1 of 200     ${formatSummary(results[kind])}`);
    console.log(`    count/total             ${formatSummary(await time(texts.map(total)))}`);
    console.log(`    list within the month   ${formatSummary(await time(texts.map((q) => list(q) + month)))}`);
  }
  const none = Array.from({ length: SAMPLES }, (_, i) => `zq${i}x`);
  console.log(`  no match                  ${formatSummary(await time(none.map(list)))}`);

  const prefix = Math.max(results['display id prefix'].p95, results['OTA order id prefix'].p95);
  const name = Math.max(
    results['last name (as typed)'].p95,
    results['full name'].p95,
    results['e-mail fragment'].p95,
    results['phone digits'].p95,
  );
  console.log(`\nMachine: ${machineNote()}`);
  console.log('\nTargets (the list):');
  console.log(`  prefix search p95 <= 30 ms: ${prefix.toFixed(2)} ms ${verdict(prefix <= 30)}`);
  console.log(`  name, e-mail or phone search p95 <= 60 ms: ${name.toFixed(2)} ms ${verdict(name <= 60)}`);
} finally {
  client.close();
  await server.stop();
  data.remove();
}

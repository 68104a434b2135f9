// Named statements on the embedded database's thread (Db.query's `name`: statements run many times a
// second), parsed once and kept in PGlite's one session like PostgreSQL's prepared statements: a run
// is one call into Postgres (bind, describe, execute, sync), where PGlite's query() parses and plans
// the text again and crosses into WebAssembly five times (about 0.1 ms of JavaScript a query, and
// the planning). Parameters are converted as query() converts them; the rows on the server's thread
// (pglite-rows.ts). Plain JavaScript, like pglite-thread.js.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

const joined = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** The error an answer carries, if any: each message's type is its first byte, then its length. */
function errorIn(raw) {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  for (let at = 0; at + 5 <= raw.length; at += 1 + view.getInt32(at + 1)) {
    if (raw[at] !== 0x45) continue; // 'E'
    let error;
    new protocol.Parser().parse(raw.subarray(at), (m) => (error ??= m));
    return error;
  }
  return undefined;
}

// "cached plan must not change result type": a table it reads changed shape since it was parsed
const isStale = (err) => err?.code === '0A000' && /cached plan/.test(String(err.message));

export function preparedStatements(lite) {
  /** name -> { sql, types }; sql null: the name came with another text once, so it runs as any other. */
  const statements = new Map();

  async function prepare(name, sql) {
    const described = await lite.execProtocolStream(
      joined(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    const statement = { sql, types: parse.parseDescribeStatementResults(described) };
    statements.set(name, statement);
    return statement;
  }

  /**
   * Its answer as Postgres wrote it: the rows are read on the server's thread (pglite-rows.ts). An
   * error is read here and thrown, as query() throws it.
   */
  async function execute(name, statement, params) {
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const toText = lite.serializers[statement.types[i]];
      return toText ? toText(v) : v.toString();
    });
    const chunks = [];
    await lite.execProtocolRawStream(
      joined(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
      // the chunks are views of the database's memory: copied
      { syncToFs: false, onRawData: (bytes) => void chunks.push(bytes.slice()) },
    );
    const raw = joined(...chunks);
    const error = errorIn(raw);
    if (error) throw error;
    return raw;
  }

  return {
    /** Whether this statement runs prepared: named, and its name has never come with another text. */
    preparable(name, sql) {
      if (name === undefined) return false;
      const known = statements.get(name);
      if (known === undefined || known.sql === sql) return true;
      statements.set(name, { sql: null });
      return false;
    },

    /** Runs it (parsed on its first run): its answer as Postgres wrote it. inTx: inside the transaction that holds PGlite's. */
    run,

    /** Runs it outside a transaction: its rows, read here. */
    async rows(name, sql, params) {
      const messages = [];
      new protocol.Parser().parse(await run(name, sql, params, false), (m) => void messages.push(m));
      return parse.parseResults(messages, lite.parsers)[0].rows;
    },
  };

  function run(name, sql, params, inTx) {
    const work = () =>
      lite._runExclusiveQuery(async () => {
        const statement = statements.get(name) ?? (await prepare(name, sql));
        try {
          return await execute(name, statement, params);
        } catch (err) {
          if (!isStale(err)) throw err;
          statements.delete(name);
          await lite.execProtocolStream(joined(serialize.close({ type: 'S', name }), serialize.sync()), {
            syncToFs: false,
          });
          // inside a transaction the error has ended it: the caller's retry parses it anew
          if (inTx) throw err;
          return execute(name, await prepare(name, sql), params);
        }
      });
    // outside a transaction, it waits for the one under way to end, as query() does
    return inTx ? work() : lite._runExclusiveTransaction(work);
  }
}

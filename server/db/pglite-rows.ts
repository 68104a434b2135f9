import { parse, protocol, types } from '@electric-sql/pglite';

type ParserMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];

/**
 * The rows of a named statement's answer from the embedded database's thread, which sends them as
 * Postgres wrote them (pglite-prepared.js): read here, on the server's thread, with the value
 * parsers PGlite's query() uses (its built-in types and the array of each, `arrayTypes` as
 * [element oid, array oid] from the thread), so the database's thread spends its time on queries.
 * Notifications in the answer go to `notify`.
 */
export function rowDecoder(
  arrayTypes: [number, number][],
  notify: (channel: string, payload: string) => void,
): (raw: Uint8Array) => unknown[] {
  const parsers: Record<number, (x: string, typeId?: number) => unknown> = { ...types.parsers };
  for (const [oid, array] of arrayTypes) parsers[array] = (x) => types.arrayParser(x, parsers[oid], array);
  return (raw) => {
    const messages: ParserMessage[] = [];
    new protocol.Parser().parse(raw, (m) => void messages.push(m));
    for (const m of messages)
      if (m instanceof protocol.messages.NotificationResponseMessage) notify(m.channel, m.payload);
    return parse.parseResults(messages, parsers)[0]?.rows ?? [];
  };
}

import { parse, protocol, type PGlite } from '@electric-sql/pglite';

/** The statement names each embedded database has parsed, so each is parsed once per process. */
const parsedStatements = new WeakMap<PGlite, Set<string>>();

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** Parameters go in PostgreSQL's text format; the statement's casts give them their types. */
function asText(value: unknown): string | null {
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * Runs a hot statement as a named prepared statement on the embedded database. PGlite's own
 * `query` parses and plans every statement afresh and crosses into WebAssembly six times per call;
 * for the vote statement planning alone costs more than running it. Here the statement is parsed
 * once, and each call is one message: bind, describe, execute, sync.
 *
 * The statement's text must cast every parameter (`$1::int`), as the values go as text.
 * Like `query`, it holds both of PGlite's locks, so it never runs inside another caller's
 * transaction.
 */
export async function runPreparedEmbedded<T>(client: PGlite, name: string, text: string, values: unknown[]): Promise<T[]> {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let parsed = parsedStatements.get(client);
      if (!parsed) parsedStatements.set(client, (parsed = new Set()));
      if (!parsed.has(name)) {
        // Parsed on its own, so a failure while running it later cannot leave the name unknown.
        await client.execProtocol(concat([protocol.serialize.parse({ name, text, types: [] }), protocol.serialize.sync()]));
        parsed.add(name);
      }
      const { messages } = await client.execProtocol(
        concat([
          protocol.serialize.bind({ statement: name, values: values.map(asText) }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
      );
      return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as T[];
    }),
  );
}

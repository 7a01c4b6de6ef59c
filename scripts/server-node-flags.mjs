/**
 * How Node runs the VendVote server (`npm start`, the benchmarks), measured in docs/performance.md.
 *
 * With the embedded database (a local install, often a small machine) memory comes first:
 * - one background thread for V8's compiler and garbage collector instead of four: each keeps its
 *   own allocator arena, tens of MB once PGlite's WebAssembly has been compiled;
 * - young-generation semispaces of 4 MB instead of 16 MB: most of what a request allocates dies
 *   young, so scavenges stay cheap while the heap holds far less empty nursery;
 * - V8's optimize-for-size mode: a heap grown in smaller steps and more compact objects and code;
 *   about 12 MB less resident when idle, with no loss of votes/s measurable on this machine.
 * Together they take the idle server from about 250 MB to about 200 MB.
 *
 * On a PostgreSQL server throughput comes first: optimize-for-size there cost a third of the
 * votes/s. One flag is kept: V8 grows the old generation by half of what survived its last full
 * collection instead of choosing up to four times as much. With the default, the collection after
 * start-up set a limit of about 120 MB of heap, which a vote burst filled with garbage before the
 * next full collection (the server peaked at 251 to 287 MB); with a fixed 1.5 it peaks at 172 to
 * 176 MB at the same votes/s (docs/performance.md, docs/decisions/0045).
 *
 * package.json's `start` gives the embedded flags on its own command line, so that start.mjs can
 * run the server in its own process (tests/process/npm-start.test.ts holds the two equal).
 */
export function serverNodeFlags(env) {
  return env.DATABASE_URL ? ['--heap-growing-percent=50'] : ['--v8-pool-size=1', '--max-semi-space-size=4', '--optimize-for-size'];
}

/** Whether a process started with `execArgv` runs exactly the flags the server wants under `env`. */
export function hasServerNodeFlags(execArgv, env) {
  const wanted = serverNodeFlags(env);
  return execArgv.length === wanted.length && wanted.every((flag) => execArgv.includes(flag));
}

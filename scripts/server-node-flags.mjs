/**
 * How Node runs the VendVote server (`npm start`, the benchmarks), measured in docs/performance.md.
 *
 * With the embedded database (a local install, often a small machine) memory comes first:
 * - one background thread for V8's compiler and garbage collector instead of four: each keeps its
 *   own allocator arena, tens of MB once PGlite's WebAssembly has been compiled;
 * - young-generation semispaces of 4 MB instead of 16 MB: most of what a request allocates dies
 *   young, so scavenges stay cheap while the heap holds far less empty nursery.
 * Together they take the idle server from about 250 MB to about 175 MB for a fifth fewer votes/s
 * at saturation. On a PostgreSQL server throughput comes first, and Node's defaults stay.
 *
 * package.json's `start` gives the embedded flags on its own command line, so that start.mjs can
 * run the server in its own process (tests/scripts/server-node-flags.test.ts holds the two equal).
 */
export function serverNodeFlags(env) {
  return env.DATABASE_URL ? [] : ['--v8-pool-size=1', '--max-semi-space-size=4'];
}

/** Whether a process started with `execArgv` runs exactly the flags the server wants under `env`. */
export function hasServerNodeFlags(execArgv, env) {
  const wanted = serverNodeFlags(env);
  return execArgv.length === wanted.length && wanted.every((flag) => execArgv.includes(flag));
}

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';

const SERVER_ORIGIN = 'http://localhost:3000';

/**
 * The chart library and everything only it uses (its dependency tree in node_modules: recharts 3 draws
 * with victory-vendor's d3 modules and keeps its state in a Redux store). They go to a `charts` chunk
 * that only the pages that draw load, on demand; clsx and React, which recharts shares with the app,
 * stay in their own chunks.
 */
const CHART_MODULE =
  /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs[\\/]toolkit|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|use-sync-external-store|react-is)[\\/]/;

/** /vote and /vote/… are the public vote page (vote.html), its own entry; the server does the same. */
const VOTE_PAGE_PATH = /^\/vote(\/[^?]*)?(\?.*)?$/;

const serveVotePage: Connect.NextHandleFunction = (request, _response, next) => {
  if (request.url && VOTE_PAGE_PATH.test(request.url)) request.url = '/vote.html';
  next();
};

/** In dev and preview, answer vote page paths with vote.html rather than the app's index.html. */
function votePageFallback(): Plugin {
  return {
    name: 'vendvote-vote-page-fallback',
    configureServer: (server) => void server.middlewares.use(serveVotePage),
    configurePreviewServer: (server) => void server.middlewares.use(serveVotePage),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), votePageFallback()],
  // Static files copied as-is (the pre-paint theme script must not be bundled: CSP allows only 'self' scripts).
  publicDir: 'src/web/public',
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: SERVER_ORIGIN, changeOrigin: false },
    },
  },
  preview: { port: 5173 },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Production serves no source maps: they would publish the app's source as written.
    sourcemap: false,
    rolldownOptions: {
      // Two pages: the operator app, and the public vote page that phones load after a QR scan.
      input: { main: 'index.html', vote: 'vote.html' },
      output: {
        // Long-lived vendor chunks: app releases then change only the small app chunk. React comes
        // first and the router has its own chunk, so the vote page, which shares only React, loads
        // nothing of the router.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // zod checks the signed-in user in the shell; the form library is needed only by pages.
            // Its setting (lib/zod-config.ts) travels in its chunk, so it runs before any chunk that
            // makes a schema: in the entry it would run after the chunks the entry imports.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]web[\\/]lib[\\/]zod-config\.ts$/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            // Only the listed packages: by default a group also takes in every module its modules import,
            // which would pull the shared clsx into `charts` and so the charts into the first load.
            { name: 'charts', test: CHART_MODULE, includeDependenciesRecursively: false },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});

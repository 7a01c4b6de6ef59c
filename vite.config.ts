import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/** The route screen's page module: what a driver's phone keeps, with the app's entry. */
const ROUTE_PAGE = 'src/web/features/route/pages/route-page.tsx';

/**
 * The built files the route screen needs (from Vite's build manifest): the app's entry and the route
 * page, and everything each imports, statically or on demand, with their styles.
 */
function routeScreenFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }>;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, followDynamic: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((file) => files.add(file));
    chunk.imports?.forEach((next) => visit(next, followDynamic));
    if (followDynamic) chunk.dynamicImports?.forEach((next) => visit(next, followDynamic));
  };
  visit('index.html', false);
  visit(ROUTE_PAGE, true);
  return files;
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    votePageFallback(),
    // The route's service worker (src/web/route-sw.ts): the route screen registers it and links its
    // manifest itself, so nothing of it reaches another page. It keeps the operator app's files on
    // the phone; the vote page's stay out.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web',
      filename: 'route-sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['index.html', 'assets/*.{js,css,woff2}', 'favicon.svg', 'theme-init.js'],
        globIgnores: ['vote.html', 'assets/vote-*'],
        // Only the files the route screen loads: the app's entry and the route page, with what they import.
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || routeScreenFiles().has(entry.url)), warnings: [] })],
      },
    }),
  ],
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
    // Which chunk holds which module: the route's service worker keeps the route screen's alone (above).
    manifest: true,
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
            // The route screen's offline queue: loaded with that screen, never by the rest of the app.
            { name: 'route-offline', test: /node_modules[\\/]idb[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});

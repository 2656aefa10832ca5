/// <reference types="vitest/config" />
import { execSync } from 'node:child_process';
import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { prerender } from './scripts/prerender';
import { STAFF_ASSETS, STAFF_HTML, staffApp, staffFileName } from './scripts/staff-app';
import { WAIT_MS } from './tests/wait';
import { LANG_TAG } from './contract/lang-tags';

function buildHash(): string {
  try {
    const head = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return `${head}-${Date.now().toString(36)}`;
  } catch {
    return Date.now().toString(36);
  }
}

const variant = process.env.VITE_VARIANT === 'la' ? 'la' : 'th';

// the gift link's cipher passphrase is the server's GIFTLINK_SECRET (one variable for both); the bundle
// reads it as VITE_GIFTLINK_SECRET, which Vite takes from process.env after this file has run
const giftlinkSecret = process.env.GIFTLINK_SECRET;
if (giftlinkSecret) {
  if (process.env.VITE_GIFTLINK_SECRET && process.env.VITE_GIFTLINK_SECRET !== giftlinkSecret)
    throw new Error('GIFTLINK_SECRET and VITE_GIFTLINK_SECRET differ: set GIFTLINK_SECRET only');
  process.env.VITE_GIFTLINK_SECRET = giftlinkSecret;
}
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  define: {
    __BUILD_HASH__: JSON.stringify(buildHash()),
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  resolve: {
    alias: [
      // TanStack Store asks for the shim that backfills useSyncExternalStore on React 16/17; React 19 has
      // it, and the shim's own fallback code (0.2 KB gzip on /login) would never run
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    // before VitePWA: the pre-rendered pages are written before the service worker's precache list is made
    prerender(variant),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // the manifest's icons are in the precache by the glob below already (listed twice, they were in sw.js twice)
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: variant === 'la' ? 'Wallet Lao' : 'Wallet Thai',
        short_name: 'Wallet',
        description: 'Member wallet: deposits, withdrawals, game accounts and support.',
        lang: LANG_TAG[variant],
        theme_color: '#101828',
        background_color: '#101828',
        display: 'standalone',
        start_url: '/user/home',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // the how-to posters too (a few KB each), this site's own (the Lao site's films are in howto/la/, the
      // seed's howto setting); the videos are saved when first played (sw/howto-media.ts);
      // never the staff console's page or files (scripts/staff-app.ts; scripts/size.mjs checks it)
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}', variant === 'la' ? 'howto/la/*.webp' : 'howto/*.webp'],
        globIgnores: [STAFF_HTML, `${STAFF_ASSETS}/**`],
      },
      devOptions: { enabled: false },
    }),
    staffApp(variant),
  ],
  build: {
    manifest: true,
    // Vite adds the modulepreload polyfill to each page's entry: with the staff console a second entry, it
    // became a chunk of its own that every member page fetched before its first paint (FCP +100 ms in
    // Lighthouse's mobile simulation). Without it, a browser that does not preload modules (Safari before
    // 17) only fetches a lazy chunk's imports after the chunk itself; the preload hints still go out
    modulePreload: { polyfill: false },
    target: 'es2022',
    // SOURCEMAP=1: source maps beside the chunks, to read a trace's samples by source (never for a release)
    sourcemap: process.env.SOURCEMAP === '1',
    rolldownOptions: {
      // the member PWA, and the staff console at /staff/ (scripts/staff-app.ts)
      input: { index: 'index.html', staff: STAFF_HTML },
      output: {
        entryFileNames: staffFileName('[name]-[hash].js'),
        chunkFileNames: staffFileName('[name]-[hash].js'),
        // the console's stylesheet is named after its entry, as the entry chunk is
        assetFileNames: (asset) =>
          staffFileName('[name]-[hash][extname]')({
            moduleIds: asset.originalFileNames.map((f) => path.resolve(f)),
            name: asset.names[0]?.replace(/\.css$/, ''),
            isEntry: asset.names.length === 1 && asset.names[0] === 'staff.css',
          }),
        codeSplitting: {
          // the libraries every page needs go in one chunk: one request, one gzip dictionary, instead of
          // a dozen slivers that each compress worse (this keeps /login inside its budget)
          groups: [
            // (the query persister and the cache (de)hydration it uses load after the first paint: they stay
            // out of this eager chunk; so do the query hooks only the staff console uses, which stay in its chunk)
            // React, the words and the calls: all the console's sign-in page needs of them (src/staff/main.tsx), so
            // it loads none of the router, the query cache or the member's helpers
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|@lingui)[\\/]?|[\\/]src[\\/](lib[\\/]http|ui[\\/]use-online)\.ts$/,
            },
            {
              name: 'framework',
              test: /node_modules[\\/](@tanstack[\\/](?!query-async-storage|query-persist|react-query-persist|query-core[\\/]build[\\/]modern[\\/](hydration|infiniteQueryObserver)|react-query[\\/]build[\\/]modern[\\/](useInfiniteQuery|useSuspenseQuery|infiniteQueryOptions))|idb-keyval)[\\/]?/,
            },
            // the small shared helpers of every screen, minus the ones only some screens need
            {
              name: 'shell',
              test: /[\\/]src[\\/](lib|ui)[\\/](?!safe-html|modal|field|pagination|sw-update|early-input|early-sign-in|early-answer|device-id|home-picture|persistence|data-status|format|dates|outbox|upload|otp|use-one-at-a-time|display-mode|line-channel|sync-time)[^\\/]+$/,
              includeDependenciesRecursively: false,
            },
            // the signed-in screens' shared helpers, which no public page and not the console imports: one file
            // instead of some twenty of a few hundred bytes each, which over HTTP/1.1 a slow line fetched six at
            // a time after the sign-in. Not the ones loaded after the screen shows (the live events with their
            // socket, what happened while away, notifications: the contact page's chat offers them too; the
            // banners, with their slider and the operator's HTML cleaner)
            {
              name: 'signed-in',
              test: /[\\/]src[\\/](ui[\\/]member[\\/](?!push|while-away|notice-text|banner-)|lib[\\/]member[\\/](money-input|statement-keys|wallet-query|active-bonus-query|member-errors)\.ts$|features[\\/](invite|spinwheel|refund|account|bonus|wallet|statement|deposit)[\\/]queries\.ts$)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/socket.io': { target: apiTarget, ws: true } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'site',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: ['tests/setup-dom.ts'],
          // a test waits for what it waits for (tests/setup-dom.ts); the whole test is bounded generously
          testTimeout: 60_000,
          // expect.poll waits as long as every other wait of these tests (its own bound is 1 s)
          expect: { poll: { timeout: WAIT_MS } },
          // both cores (Vitest's default on 2 cores is one worker). Each file runs in a VM context of its
          // own inside a worker that stays: as isolated as a process per file (its own window, modules and
          // timers), but jsdom and the libraries are loaded once per worker, not once per file, which was
          // most of this stage's time (forks: about 330 s on a quiet machine; vmThreads: about 180 s). The
          // window's own properties are the browser's there: location cannot be replaced, as in a browser.
          maxWorkers: 2,
          pool: 'vmThreads',
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // a bound on a whole test, not a clock it waits on: beside the other lanes of npm test, a journey
          // that starts servers on an embedded Postgres three times (ledger-watch.test.ts) ran past 30 s
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // two files at once on two cores: each test server has a schema of its own, each spawned server
          // its own data folder and port, and much of a file's time is spent waiting (child processes
          // starting, sweeps, timeouts). Each worker more costs CPU, which npm test's other lanes need:
          // alone, counting the Postgres, 1 worker took 621 s and 583 s of CPU, 4 workers 536 s and 752 s;
          // in npm test on a clean clone 2 workers took 11 min 19 s and 482 s (CI64), 4 workers 12 min 3 s
          // and 570 s (CI62; the Postgres not counted in either)
          fileParallelism: true,
          maxWorkers: 2,
          // the files of a worker share its modules: the server's code is loaded twice a run, not 113
          // times (Vitest's import time: 324 s of a clean clone's run, 17-19 s so). Safe here because no
          // server test mocks a module, stubs a global or fakes the clock; each test server is built on
          // its own schema with its own context, and every file passes with the files in shuffled order
          // (--sequence.shuffle.files)
          isolate: false,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    // Integration files each get their own databases; two workers match the two cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
        },
      },
      {
        extends: true,
        test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}', 'web/vite/**/*.test.ts'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // After the server and web projects, not beside them: Chromium, the server under test
          // and the database suites would otherwise share the two cores.
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.spec.ts'],
          // Builds the server and web app once (as `npm start` does) before the browser specs.
          globalSetup: ['e2e/support/global-setup.ts'],
          // CI's machine is shared: a test waits for what it needs (support/ui.ts `eventually`, 30 s
          // actions), and the whole test may take this long on a loaded machine before it fails.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 20_000 } },
          // Each file runs its own server and browser, two files at a time (maxWorkers): the 34 files
          // took 1,109 s one at a time and 835 s two at a time, every test green at load 9
          // (2026-12-03); a spec waits for what it needs, never for a time, so the slower pages only wait longer.
          fileParallelism: true,
        },
      },
    ],
  },
});

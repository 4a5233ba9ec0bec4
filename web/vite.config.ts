import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Files whose import has no effect beyond their exports (see treeshake below). */
const DECLARATIVE = [
  /[\\/]packages[\\/]contract[\\/]src[\\/].+\.ts$/,
  // modules/<module>/<folder>/…: not the module's index.ts, not its stylesheets.
  /[\\/]web[\\/]src[\\/]modules[\\/][^\\/]+[\\/][^\\/]+[\\/].+\.tsx?$/,
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // The contract's i18n helpers carry no zod: the login page imports only them.
      {
        find: /^@backroom\/contract\/i18n$/,
        replacement: new URL('../packages/contract/src/core/i18n.ts', import.meta.url).pathname,
      },
      {
        find: /^@backroom\/contract$/,
        replacement: new URL('../packages/contract/src/index.ts', import.meta.url).pathname,
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 8001}`, changeOrigin: false },
      // Uploaded files (the file space) are served by the server too.
      '/upload': { target: `http://127.0.0.1:${process.env.PORT ?? 8001}`, changeOrigin: false },
    },
  },
  build: {
    modulePreload: {
      // The screen derived from a declaration (core/crud/crud-defaults) is opened by few screens; the
      // list of what it needs would otherwise ride in the CrudPage chunk of every screen, the first
      // page's included. It fetches its own imports when it loads.
      resolveDependencies: (filename, deps) => (filename.includes('crud-defaults') ? [] : deps),
    },
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // What a module's files do on import is declare: schemas and constants in the contract,
        // components and hooks in a web module's folders (the registering happens in its index.ts,
        // which keeps its side effects). Marked so, a module index that re-exports a component for
        // other modules does not pull it, antd and zod into the first download; they come with the
        // views that use them. For every other file this answers nothing: packages' own
        // "sideEffects" fields apply.
        moduleSideEffects: (id: string) => (DECLARATIVE.some((re) => re.test(id)) ? false : undefined),
      },
      output: {
        // Long-lived vendor chunks for what /login itself needs; antd, TanStack Query, zod and the
        // views are split by the lazy imports of the shell and of each route.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'lib', test: /[\\/]node_modules[\\/](i18next|react-i18next|zustand|use-sync-external-store)[\\/]/ },
          ],
        },
      },
    },
  },
});

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdStyles } from './vite/antd-styles';

/** Text files worth compressing: what the server sends with a content-encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy beside each text file of the build, once,
 * so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * the same bytes for every browser.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'backroom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await fs.promises.readFile(file);
          if (bytes.length < 1024) return;
          const brotli = zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          await fs.promises.writeFile(`${file}.br`, brotli);
          await fs.promises.writeFile(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Where the build's manifest goes (the chunks and their imports, read by the sign-in page's bundle
 * test, e2e/base/sign-in-bundle.spec.ts): beside the served folder, not in it. Vite writes it to
 * dist/.vite/manifest.json; this moves it out once the bundle is written, before it is compressed.
 */
const MANIFEST_FILE = new URL('./build/manifest.json', import.meta.url).pathname;

function manifestOutside(): Plugin {
  let outDir = 'dist';
  return {
    name: 'backroom-manifest-outside',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const written = path.join(outDir, '.vite', 'manifest.json');
      if (!fs.existsSync(written)) return;
      fs.mkdirSync(path.dirname(MANIFEST_FILE), { recursive: true });
      fs.copyFileSync(written, MANIFEST_FILE);
      fs.rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
    },
  };
}

/** The example plugins of the repository (plugins/<key>/), packed for the plugin screen's install dialog. */
const EXAMPLE_PLUGINS = new URL('../plugins/', import.meta.url).pathname;

/** One example's package: its files (no hidden ones, no zips, no signature) zipped with fixed dates, as `npm run plugin -- pack` does. */
async function packExample(dir: string): Promise<{ name: string; zip: Buffer }> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.') && !e.name.endsWith('.zip') && e.name !== 'SIGNATURE.json')
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  for (const name of files) {
    zip.file(name, fs.readFileSync(path.join(dir, name)), {
      date: new Date('2020-01-01T00:00:00Z'),
      createFolders: false,
    });
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'plugin.json'), 'utf8')) as {
    keyName: string;
    version: string;
  };
  const bytes = await zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  });
  return { name: `plugins/${manifest.keyName}-${manifest.version}.zip`, zip: bytes };
}

/**
 * Packs the example plugins when the app is built (into dist/plugins/, never into the source
 * tree) and serves them packed in development: the install dialog offers them (plugin module).
 */
function examplePlugins(): Plugin {
  const dirs = () =>
    fs
      .readdirSync(EXAMPLE_PLUGINS, { withFileTypes: true })
      .filter((e) => e.isDirectory() && fs.existsSync(path.join(EXAMPLE_PLUGINS, e.name, 'plugin.json')))
      .map((e) => path.join(EXAMPLE_PLUGINS, e.name));
  return {
    name: 'backroom-example-plugins',
    async generateBundle() {
      for (const dir of dirs()) {
        const { name, zip } = await packExample(dir);
        this.emitFile({ type: 'asset', fileName: name, source: zip });
      }
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith('/plugins/') || !req.url.endsWith('.zip')) return next();
        for (const dir of dirs()) {
          const { name, zip } = await packExample(dir);
          if (`/${name}` === req.url) {
            res.setHeader('content-type', 'application/zip');
            res.end(zip);
            return;
          }
        }
        next();
      });
    },
  };
}

/** Files whose import has no effect beyond their exports (see treeshake below). */
const DECLARATIVE = [
  /[\\/]packages[\\/]contract[\\/]src[\\/].+\.ts$/,
  // modules/<module>/<folder>/…: not the module's index.ts, not its stylesheets.
  /[\\/]web[\\/]src[\\/]modules[\\/][^\\/]+[\\/][^\\/]+[\\/].+\.tsx?$/,
];

/** What the sign-in page needs of web/src/core and the contract, besides its own entry (see codeSplitting). */
const BOOT = new RegExp(
  [
    String.raw`[\\/]web[\\/]src[\\/]core[\\/](storage|toast|i18n|request|session|redirect|feedback|progress|endpoint-refs|menu|views|routes|permission|events|extensions|error-codes|sign-in-steps)\.tsx?$`,
    String.raw`[\\/]web[\\/]src[\\/]core[\\/]crud[\\/]field-kinds\.ts$`,
    String.raw`[\\/]web[\\/]src[\\/]core[\\/]locales[\\/][^\\/]+\.json$`,
    String.raw`[\\/]packages[\\/]contract[\\/]src[\\/]core[\\/](tree|i18n)\.ts$`,
    String.raw`[\\/]node_modules[\\/]nprogress[\\/]`,
    String.raw`vite[\\/]preload-helper`,
  ].join('|'),
);

export default defineConfig({
  plugins: [react(), antdStyles(), manifestOutside(), precompress(), examplePlugins()],
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
    // Written to web/build/manifest.json, outside the served folder (manifestOutside above); the
    // server also answers 404 for any dot path (server/src/app.ts).
    manifest: true,
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
            // Not use-sync-external-store: only the rich-text editor (Tiptap) uses it, in its own chunk.
            { name: 'lib', test: /[\\/]node_modules[\\/](i18next|react-i18next|zustand)[\\/]/ },
            // The small core files the sign-in page starts with and the shell shares (storage, session,
            // request, i18n and its texts, the registries the modules fill): one chunk, not a dozen
            // requests of a few hundred bytes each.
            { name: 'boot', test: BOOT },
          ],
        },
      },
    },
  },
});

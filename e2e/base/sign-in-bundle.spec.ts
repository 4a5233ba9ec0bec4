import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The sign-in page's first download is its own graph only (issue 25): the entry and the chunks
 * web/vite.config.ts sets apart for it (React, i18next and zustand, the small core files). Whatever a
 * signed-in screen needs (antd, zod, the shell, the views, the charts) comes after sign-in, so the
 * page that every visitor meets names none of it. Read from the build (the e2e global setup builds
 * it): dist/index.html and the manifest Vite writes, kept outside the served folder (web/build/manifest.json).
 */
const DIST = path.resolve(import.meta.dirname, '../../web/dist');
const MANIFEST = path.resolve(import.meta.dirname, '../../web/build/manifest.json');
/** The chunks of the sign-in page, by their name in the manifest. */
const SIGN_IN_CHUNKS = ['index', 'react', 'lib', 'boot', 'rolldown-runtime'];

type Chunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

describe('the sign-in page as built', () => {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
  /** The scripts and stylesheets the page's HTML names. */
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+)"/g)]
    .map((m) => m[1] ?? '')
    .filter((file) => file.startsWith('assets/'));
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

  /** The entry and every chunk it imports statically, transitively: what a browser must load before it runs. */
  function staticGraph(key: string, into = new Set<string>()): Set<string> {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key]?.imports ?? []) staticGraph(next, into);
    return into;
  }

  it('keeps the manifest out of the served folder', () => {
    expect(fs.existsSync(path.join(DIST, '.vite'))).toBe(false);
    expect(Object.keys(manifest).length).toBeGreaterThan(0);
  });

  it('names exactly the static graph of the entry', () => {
    expect(manifest[entryKey]?.src).toBe('index.html');
    const graph = staticGraph(entryKey);
    const files = new Set([...graph].flatMap((key) => [manifest[key]?.file ?? '', ...(manifest[key]?.css ?? [])]));
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(files);
  });

  it("names no chunk outside the sign-in's own: no antd, zod, shell, view or chart", () => {
    const scripts = named.filter((file) => file.endsWith('.js'));
    const strangers = scripts.filter((file) => !SIGN_IN_CHUNKS.includes(byFile.get(file)?.name ?? ''));
    expect(strangers).toEqual([]);
    // Nor a screen that loads on demand (the shell, a view), imported statically by mistake.
    expect(scripts.filter((file) => byFile.get(file)?.isDynamicEntry)).toEqual([]);
  });

  it('keeps the named scripts and styles under 120 KB compressed, as the server sends them', () => {
    // The brotli copy the build writes beside each file (what a browser gets), else the file gzipped.
    const sizeOf = (file: string) => {
      const brotli = path.join(DIST, `${file}.br`);
      if (fs.existsSync(brotli)) return fs.statSync(brotli).size;
      return gzipSync(fs.readFileSync(path.join(DIST, file))).length;
    };
    const bytes = named.reduce((sum, file) => sum + sizeOf(file), 0);
    expect(bytes).toBeLessThan(120 * 1024);
  });

  it('leaves the shell, the charts and the Chinese conversion table to dynamic imports', () => {
    const graph = [...staticGraph(entryKey)].map((key) => manifest[key]?.file ?? '');
    const lazyOnes = Object.values(manifest).filter(
      (chunk) =>
        /layout\/Shell\.tsx$|home-charts\.tsx$/.test(chunk.src ?? '') || /^(cn2t|t2cn)$/.test(chunk.name ?? ''),
    );
    expect(lazyOnes.length).toBeGreaterThanOrEqual(3);
    for (const chunk of lazyOnes) expect(graph, chunk.file).not.toContain(chunk.file);
  });
});

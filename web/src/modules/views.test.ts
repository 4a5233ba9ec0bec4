import { describe, expect, it } from 'vitest';

/** Each module's index.ts as text: where its views are registered. */
const indexes = import.meta.glob<string>('./*/index.ts', { query: '?raw', import: 'default', eager: true });
/** Every view file (views/ holds screens only; their parts live in components/ and hooks/). */
const viewFiles = Object.keys(import.meta.glob('./*/views/**/*.{ts,tsx,css}'));

const REGISTRATION = /registerView\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

describe('view files', () => {
  const registrations = Object.entries(indexes).flatMap(([path, text]) => {
    const folder = path.split('/')[1] ?? '';
    return [...text.matchAll(REGISTRATION)].map(([, viewPath = '', target = '']) => ({ folder, viewPath, target }));
  });

  it('finds the registrations', () => {
    expect(registrations.length).toBeGreaterThan(5);
  });

  it.each(registrations)('$viewPath lives where the family keeps it', ({ folder, viewPath, target }) => {
    // modules/base/views/user/index (the app's own path, as the code generator writes it) or the
    // family's modules/base/views/user/index.vue → ./views/user/index in the base module.
    const match = /^modules\/([^/]+)\/(views\/.+?)(\.vue)?$/.exec(viewPath);
    expect(match?.[1]).toBe(folder);
    expect(target).toBe(`./${match?.[2]}`);
    expect(viewFiles).toContain(`./${folder}/${match?.[2]}.tsx`);
  });

  it('names every view file in kebab case', () => {
    const bad = viewFiles.filter((file) =>
      file
        .split('/')
        .slice(3)
        .some((part) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.(ts|tsx|css))?$/.test(part)),
    );
    expect(bad).toEqual([]);
  });
});

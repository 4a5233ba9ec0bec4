import type { Plugin } from 'vite';

/**
 * The class roots (after `ant-`) of antd components no screen of the app shows: their rules are
 * left out of the style sheet the shell loads. A component added to a screen later must leave this
 * list, or it shows unstyled (e2e/base/antd-styles.spec.ts checks the components the screens use).
 * `picker-calendar` is antd's Calendar (the invitation calendar is the app's own); the date
 * pickers' panels are `picker-panel`. The app's messages are its own toasts, not antd's.
 */
export const UNUSED_ANTD = [
  'affix',
  'anchor',
  'carousel',
  'cascader',
  'float-btn',
  'masonry',
  'mentions',
  'message',
  'notification',
  'picker-calendar',
  'qrcode',
  'rate',
  'splitter',
  'statistic',
  'steps',
  'tour',
  'transfer',
] as const;

/**
 * The cascade layer the sheet is put in. A layer ranks below every unlayered rule whatever the
 * selectors: the app's own rules (styles.css, each screen's CSS) override antd's.
 */
export const ANTD_LAYER = 'antd';

/** The top-level blocks of a minified style sheet: `prelude{body}` each, braces inside strings skipped. */
function blocks(css: string): { prelude: string; body: string }[] {
  const out: { prelude: string; body: string }[] = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    let depth = 1;
    let j = open + 1;
    let quote = '';
    for (; j < css.length && depth > 0; j++) {
      const c = css[j];
      if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
    }
    out.push({ prelude: css.slice(i, open).trim(), body: css.slice(open + 1, j - 1) });
    i = j;
  }
  return out;
}

/** A selector list split at its top-level commas (not those inside `:is(…)`, `:not(…)` and the like). */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/**
 * Whether a selector can only match inside a component of `unused`: it names one of their classes
 * outside any functional pseudo-class (inside `:not(.ant-steps)` a class is not required to match).
 */
function deadSelector(selector: string, unused: readonly string[]): boolean {
  let plain = selector;
  // Innermost parentheses first, until none is left.
  for (let previous = ''; previous !== plain; ) {
    previous = plain;
    plain = plain.replace(/\([^()]*\)/g, '');
  }
  for (const match of plain.matchAll(/\.ant-([a-z0-9-]+)/g)) {
    const name = match[1] ?? '';
    if (unused.some((root) => name === root || name.startsWith(`${root}-`))) return true;
  }
  return false;
}

/** The sheet without the rules of `unused` components: grouping rules are filtered inside, other at-rules kept. */
export function withoutUnused(css: string, unused: readonly string[] = UNUSED_ANTD): string {
  let out = '';
  for (const { prelude, body } of blocks(css)) {
    if (prelude.startsWith('@')) {
      if (/^@(media|supports|layer|container)\b/.test(prelude)) {
        const inner = withoutUnused(body, unused);
        if (inner) out += `${prelude}{${inner}}`;
      } else out += `${prelude}{${body}}`;
      continue;
    }
    const kept = selectors(prelude).filter((s) => !deadSelector(s, unused));
    if (kept.length > 0) out += `${kept.join(',')}{${body}}`;
  }
  return out;
}

/**
 * antd's prebuilt style sheet (`antd/dist/antd.css`, imported by layout/Shell.tsx, which turns on
 * antd's zeroRuntime) as the app needs it: without the components it never shows (a fifth of its
 * bytes), in a cascade layer. Without the layer the sheet, loaded with the shell after styles.css,
 * would win each tie against the app's own rules, which antd's runtime styles (written at the start
 * of the head) lost. Every menu screen, in light and dark, looked pixel for pixel the same with the
 * runtime styles and with this sheet when it came in.
 */
export function antdStyles(): Plugin {
  return {
    name: 'backroom-antd-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]antd[\\/]dist[\\/]antd\.css$/.test(id.split('?')[0] ?? '')) return null;
      return { code: `@layer ${ANTD_LAYER}{${withoutUnused(code)}}`, map: null };
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdStyles, UNUSED_ANTD, withoutUnused } from './antd-styles';

describe('withoutUnused', () => {
  const unused = ['steps', 'message'];

  it('drops the rules of unused components and keeps the others as they were', () => {
    const css = '.ant-btn{color:red}.ant-steps{display:flex}.ant-steps-item-icon{width:1px}.ant-table{margin:0}';
    expect(withoutUnused(css, unused)).toBe('.ant-btn{color:red}.ant-table{margin:0}');
  });

  it('does not take a component for one whose name it starts (stepsx is not steps)', () => {
    expect(withoutUnused('.ant-stepsx{a:b}.ant-message-notice{c:d}', unused)).toBe('.ant-stepsx{a:b}');
  });

  it('keeps the other selectors of a list, and those naming an unused class only inside :not()', () => {
    const css = '.ant-btn,.ant-steps .ant-btn{a:b}.ant-btn:not(.ant-steps-item){c:d}';
    expect(withoutUnused(css, unused)).toBe('.ant-btn{a:b}.ant-btn:not(.ant-steps-item){c:d}');
  });

  it('filters inside @media, drops one left empty, and keeps keyframes and strings with braces whole', () => {
    const css =
      '@media (max-width:575px){.ant-steps{a:b}.ant-form-item{c:d}}@media print{.ant-steps{a:b}}' +
      '@keyframes antFade{0%{opacity:0}100%{opacity:1}}.ant-tag::before{content:"{x}"}';
    expect(withoutUnused(css, unused)).toBe(
      '@media (max-width:575px){.ant-form-item{c:d}}@keyframes antFade{0%{opacity:0}100%{opacity:1}}.ant-tag::before{content:"{x}"}',
    );
  });
});

describe('antdStyles', () => {
  const transform = antdStyles().transform as (code: string, id: string) => { code: string } | null;

  it("puts antd's sheet in the antd layer, and leaves every other file alone", () => {
    expect(transform('.ant-btn{a:b}.ant-tour{c:d}', '/x/node_modules/antd/dist/antd.css')?.code).toBe(
      '@layer antd{.ant-btn{a:b}}',
    );
    expect(transform('.x{a:b}', '/x/web/src/styles.css')).toBeNull();
  });
});

describe('UNUSED_ANTD', () => {
  /** The components (antd's exports) each left-out class root belongs to; App brings antd's message and notification. */
  const EXPORTS: Record<(typeof UNUSED_ANTD)[number], string[]> = {
    affix: ['Affix'],
    anchor: ['Anchor'],
    carousel: ['Carousel'],
    cascader: ['Cascader'],
    'float-btn': ['FloatButton'],
    masonry: ['Masonry'],
    mentions: ['Mentions'],
    message: ['message', 'App'],
    notification: ['notification', 'App'],
    'picker-calendar': ['Calendar'],
    qrcode: ['QRCode'],
    rate: ['Rate'],
    splitter: ['Splitter'],
    statistic: ['Statistic'],
    steps: ['Steps'],
    tour: ['Tour'],
    transfer: ['Transfer'],
  };

  it('names no component the app imports from antd', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const imported = new Set<string>();
    for (const file of fs.readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
        for (const name of (m[1] ?? '').split(','))
          imported.add(
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0] ?? '',
          );
      }
    }
    expect(imported.size).toBeGreaterThan(20);
    const clashes = UNUSED_ANTD.flatMap((root) => EXPORTS[root].filter((name) => imported.has(name)));
    expect(clashes).toEqual([]);
  });
});

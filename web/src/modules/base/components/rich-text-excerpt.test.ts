import { describe, expect, it } from 'vitest';
import { richTextExcerpt } from './rich-text-excerpt';

describe('richTextExcerpt', () => {
  it('keeps the words, not the markup, and separates blocks', () => {
    expect(
      richTextExcerpt('<h1>门店通知</h1><p>周末<strong>八折</strong>&amp;满减</p><ul><li>a</li><li>b</li></ul>'),
    ).toBe('门店通知 周末八折&满减 a b');
    expect(richTextExcerpt('<p>one<br>two</p><script>alert(1)</script>')).toBe('one two');
    expect(richTextExcerpt('')).toBe('');
    expect(richTextExcerpt(null)).toBe('');
  });

  it('cuts long text at the limit with an ellipsis, by characters', () => {
    expect(richTextExcerpt(`<p>${'很'.repeat(80)}</p>`, 10)).toBe(`${'很'.repeat(10)}…`);
    expect(richTextExcerpt('<p>short</p>', 10)).toBe('short');
  });
});

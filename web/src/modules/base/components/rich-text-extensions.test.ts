import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_STYLES, RICH_TEXT_TAGS } from '@backroom/contract';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { linkAllowed, richTextExtensions } from './rich-text-extensions';

/** Everything the editor could be handed: pasted from a web page, or an old value opened again. */
const PASTED = [
  '<h1 style="position:fixed;z-index:99;top:0">标题</h1><h2 style="text-align:center">二级</h2><h3>三级</h3><h4>四级</h4>',
  '<p class="ant-modal-mask" id="x" style="color:red;text-align:right;font-size:40px">',
  '<strong>粗</strong><b>b</b><em>斜</em><i>i</i><u>下划线</u><s>删除</s><del>del</del><code>code</code>',
  '<a href="https://example.com/a" target="_self" onclick="alert(1)">ok</a>',
  '<a href="javascript:alert(2)">js</a><a href="data:text/html,x">data</a><a href="/relative">rel</a>',
  '<a href="mailto:shop@example.com">mail</a><br><span style="background-color:yellow">span</span>',
  '<img src="https://evil.example/x.png"><font color="red">font</font></p>',
  '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>quote</p></blockquote><hr>',
  '<pre><code class="language-js">let a = 1;</code></pre>',
  '<table><tr><td>cell</td></tr></table><iframe src="https://evil.example"></iframe><script>alert(3)</script>',
  '<p style="text-align:center">centred</p><p style="text-align:justify">justified</p>',
].join('');

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** Every element of the HTML with each of its attributes, and each style property with its value. */
function inventory(html: string) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.querySelectorAll('*')].map((el) => ({
    tag: el.tagName.toLowerCase(),
    attributes: [...el.attributes].map((a) => ({ name: a.name, value: a.value })),
    styles: [...(el as HTMLElement).style].map((name) => ({
      name,
      value: (el as HTMLElement).style.getPropertyValue(name),
    })),
  }));
}

describe('the rich-text editor', () => {
  it('writes only tags, attributes, styles and link schemes the server keeps', () => {
    editor = new Editor({ extensions: richTextExtensions(), content: PASTED });
    const html = editor.getHTML();
    const items = inventory(html);
    // The useful parts came through.
    expect(html).toContain('<strong>粗b</strong>');
    expect(html).toContain('<u>下划线</u>');
    expect(html).toMatch(/<h2 style="text-align: ?center;?">二级<\/h2>/);
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('href="mailto:shop@example.com"');
    expect(items.map((i) => i.tag)).toEqual(expect.arrayContaining(['ul', 'ol', 'blockquote', 'hr', 'code', 'a']));
    for (const { tag, attributes, styles } of items) {
      expect(RICH_TEXT_TAGS as readonly string[], tag).toContain(tag);
      const allowed = [...(RICH_TEXT_ATTRIBUTES['*'] ?? []), ...(RICH_TEXT_ATTRIBUTES[tag] ?? [])];
      for (const { name, value } of attributes) {
        expect(allowed, `${tag}[${name}]`).toContain(name);
        if (name === 'href') {
          const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
          if (scheme) expect(RICH_TEXT_LINK_SCHEMES as readonly string[], value).toContain(scheme.toLowerCase());
        }
      }
      for (const { name, value } of styles) {
        const patterns = RICH_TEXT_STYLES[name];
        expect(patterns, `${tag} style ${name}`).toBeDefined();
        expect(
          patterns?.some((p) => p.test(value)),
          `${tag} style ${name}: ${value}`,
        ).toBe(true);
      }
    }
    expect(html).not.toMatch(/position|z-index|font-size|class=|id=|<img|<iframe|<script|javascript:|data:/i);
  });

  it('takes relative, http(s) and mailto links only', () => {
    expect(linkAllowed('https://example.com')).toBe(true);
    expect(linkAllowed('/upload/a.pdf')).toBe(true);
    expect(linkAllowed('MAILTO:a@b.c')).toBe(true);
    expect(linkAllowed('javascript:alert(1)')).toBe(false);
    expect(linkAllowed(' data:text/html,x')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { excerptOf } from './notice.service.js';

describe('an announcement’s excerpt (the message body)', () => {
  it('drops an inline tag with nothing in its place: Chinese reads as written', () => {
    expect(excerptOf('<p>请各门店于<strong>周五晚</strong>完成盘点，并在<a href="/x">系统</a>中提交结果。</p>')).toBe(
      '请各门店于周五晚完成盘点，并在系统中提交结果。',
    );
  });

  it('keeps the words of two blocks or lines apart', () => {
    expect(excerptOf('<p>Count the <b>shelves</b>.</p><p>Tonight.</p>')).toBe('Count the shelves. Tonight.');
    expect(excerptOf('one<br>two<li>three</li>')).toBe('one two three');
  });

  it('reads the escaped characters and cuts a long text with an ellipsis', () => {
    expect(excerptOf('<p>A &amp; B &lt;3&gt;&nbsp;C</p>')).toBe('A & B <3> C');
    const long = excerptOf(`<p>${'字'.repeat(200)}</p>`);
    expect([...long]).toHaveLength(141);
    expect(long.endsWith('…')).toBe(true);
  });
});

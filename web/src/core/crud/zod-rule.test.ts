import { col, label } from '@backroom/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n';
import { zodMessage } from './zod-rule';

afterEach(async () => {
  await setLocale('zh-cn');
});

describe('zodMessage', () => {
  it('says a NUL character is refused, in the language in use', async () => {
    const name = col.string({ label: label('名称', '名稱', 'Name'), max: 20 }).schema;
    await setLocale('en');
    expect(zodMessage(name, 'a\u0000b', 'Name')).toBe('Name must not contain a NUL character');
    expect(zodMessage(name, 'ab', 'Name')).toBeUndefined();
    await setLocale('zh-tw');
    expect(zodMessage(name, 'a\u0000b', '名稱')).toBe('名稱不能包含空字元（NUL）');
  });
});

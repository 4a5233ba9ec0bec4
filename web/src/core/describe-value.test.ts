import { describe, expect, it } from 'vitest';
import { describeValue } from './describe-value';

describe('describeValue', () => {
  it('reads an export’s filters as fields, not JSON', () => {
    const text = describeValue('{"keyWord":"li","customerType":["vip","new"],"page":1,"order":""}');
    expect(text).toBe('keyWord: li · customerType: vip, new · page: 1');
    expect(text).not.toMatch(/[{}"[\]]/);
  });

  it('names fields in the reader’s words and follows nested objects', () => {
    const label = (key: string) => ({ purged: 'Removed', range: 'Range' })[key] ?? key;
    expect(describeValue({ purged: 3, range: { from: 1, to: 5 } }, label)).toBe('Removed: 3 · Range: from: 1, to: 5');
  });

  it('leaves plain text and numbers as they are, and empty values out', () => {
    expect(describeValue('done')).toBe('done');
    expect(describeValue(12)).toBe('12');
    expect(describeValue({})).toBe('');
    expect(describeValue('{not json')).toBe('{not json');
  });
});

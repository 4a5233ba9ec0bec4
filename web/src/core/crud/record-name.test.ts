import { customerActivity, customerInfo, sysParam, sysRole, sysUser, taskInfo } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { nameColumnOf, recordNameOf, thingOf } from './record-name';
import { testGoods } from './test-goods';

describe('what names a record in titles and confirmations', () => {
  it('is a required name, else a unique text column', () => {
    // A user's name may be empty; the username never is, and it is unique.
    expect(nameColumnOf(sysUser)).toBe('username');
    expect(nameColumnOf(sysRole)).toBe('name');
    expect(nameColumnOf(sysParam)).toBe('name');
    expect(nameColumnOf(taskInfo)).toBe('name');
    expect(nameColumnOf(testGoods)).toBe('title');
  });

  it('is a customer’s name, not her code (issue 37: a delete names the record a clerk knows)', () => {
    expect(nameColumnOf(customerInfo)).toBe('customerName');
    expect(nameColumnOf(customerActivity)).toBe('customerName');
    expect(recordNameOf(customerInfo, { id: 4, customerName: '王阿姨', customerCode: 'C00000004' })).toBe('王阿姨');
  });

  it('is the record’s id when that column is empty', () => {
    expect(recordNameOf(sysUser, { id: 3, username: 'alice' })).toBe('alice');
    expect(recordNameOf(sysRole, { id: 12, name: '  ' })).toBe('#12');
  });

  it('reads as a thing inside a sentence in each language', () => {
    expect(thingOf(sysUser, 'en')).toBe('user');
    expect(thingOf(taskInfo, 'en')).toBe('scheduled task');
    expect(thingOf(sysUser, 'zh-cn')).toBe('用户');
    expect(thingOf(sysUser, 'zh-tw')).toBe('使用者');
  });
});

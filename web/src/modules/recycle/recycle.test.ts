import { describe, expect, it } from 'vitest';
import { recordNames } from './components/data-preview';

const userInfo = { dataSourceName: 'default', entity: 'BaseSysUserEntity', module: 'base', table: 'base_sys_user' };

describe('a recycle record names what was deleted', () => {
  it("by the records' own names (a user's username), a few and how many more", () => {
    const data = [
      { id: 7, username: 'alice' },
      { id: 8, username: 'bob' },
      { id: 9, username: 'carol' },
    ];
    expect(recordNames({ entityInfo: userInfo, data: data.slice(0, 1) })).toBe('alice');
    expect(recordNames({ entityInfo: userInfo, data })).toBe('alice, bob +1');
  });

  it('says nothing rather than a bare id when the rows carry no name', () => {
    expect(recordNames({ entityInfo: userInfo, data: [{ id: 7 }] })).toBe('');
    expect(recordNames({ entityInfo: { ...userInfo, entity: 'Unknown', table: 'x_join' }, data: [{ id: 1 }] })).toBe(
      '',
    );
  });
});

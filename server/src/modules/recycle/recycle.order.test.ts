import { describe, expect, it } from 'vitest';
import { orderRows, orderTables } from './recycle.order.js';

describe('restore order', () => {
  it('puts the tables a table refers to before it, keeping the recorded order otherwise', () => {
    expect(orderTables(['base_sys_user_role', 'base_sys_user', 'base_sys_department', 'base_sys_role'])).toEqual([
      'base_sys_department',
      'base_sys_user',
      'base_sys_role',
      'base_sys_user_role',
    ]);
    expect(orderTables(['dict_info', 'dict_type'])).toEqual(['dict_info', 'dict_type']);
  });

  it('puts parents before children inside a tree, however the rows were recorded', () => {
    const rows = [
      { id: 3, parentId: 2 },
      { id: 2, parentId: 1 },
      { id: 4, parentId: null },
      { id: 1, parentId: 9 },
    ];
    expect(orderRows('base_sys_menu', rows).map((r) => r.id)).toEqual([4, 1, 2, 3]);
    // Unregistered tables with a parentId column are ordered the same way.
    expect(orderRows('dict_info', rows).map((r) => r.id)).toEqual([4, 1, 2, 3]);
    // Rows without a tree keep their order.
    expect(orderRows('base_sys_user_role', [{ id: 2 }, { id: 1 }]).map((r) => r.id)).toEqual([2, 1]);
  });
});

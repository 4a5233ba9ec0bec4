import { describe, expect, it } from 'vitest';
import { viewKey } from './views';

describe('viewKey', () => {
  it.each([
    ['modules/base/views/user/index.vue', 'base/user'],
    ['cool/modules/base/views/role.vue', 'base/role'],
    ['/modules/base/views/menu/index.vue', 'base/menu'],
    ['modules/base/views/param', 'base/param'],
    ['modules/task/views/list.vue', 'task/list'],
    ['modules/base/views/user', 'base/user'],
    ['modules/demo/views/home', 'demo/home'],
  ])('%s → %s', (viewPath, key) => {
    expect(viewKey(viewPath)).toBe(key);
  });
});

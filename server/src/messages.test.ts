import { describe, expect, it } from 'vitest';
import { hasMessage, SHARED_MESSAGES, translate } from './core/i18n.js';
import { MODULE_TABLES } from './messages.js';

describe('the message tables', () => {
  it('hold each key once: a module key is neither in another module nor among the shared ones', () => {
    const owners = new Map<string, string[]>();
    const tables: Array<[string, object]> = [['core', SHARED_MESSAGES], ...Object.entries(MODULE_TABLES)];
    for (const [name, table] of tables) {
      for (const key of Object.keys(table)) owners.set(key, [...(owners.get(key) ?? []), name]);
    }
    const twice = [...owners].filter(([, names]) => names.length > 1);
    expect(twice).toEqual([]);
  });

  it("answers a module's key in every language from the module's own table", () => {
    expect(hasMessage('customer.ownerNotInScope')).toBe(true);
    expect(translate('en', 'task.badCron', { problem: 'six fields' })).toBe(
      MODULE_TABLES.task['task.badCron'].en.replace('{problem}', 'six fields'),
    );
    expect(translate('zh-tw', 'dict.cycle')).toBe(MODULE_TABLES.dict['dict.cycle']['zh-tw']);
    expect(hasMessage('nobody.has')).toBe(false);
  });
});

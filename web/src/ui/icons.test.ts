import { type MenuNode, menus } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from './icons';

function iconsOf(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [...(node.icon ? [node.icon] : []), ...iconsOf(node.childMenus ?? [])]);
}

describe('menu icons', () => {
  it('draws every icon a seeded menu names (none falls back to the folder)', () => {
    const named = new Set(menus.flatMap((declared) => iconsOf(declared.tree)));
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((icon) => !(icon in MENU_ICONS))).toEqual([]);
  });
});

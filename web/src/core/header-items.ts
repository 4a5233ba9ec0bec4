import type { ComponentType } from 'react';

/**
 * What a module adds to the signed-in header beside the shell's own buttons (the message bell):
 * the layout renders them without knowing the module, which registers them when installed.
 */
const items: { order: number; component: ComponentType }[] = [];

export function registerHeaderItem(component: ComponentType, order = 0): void {
  items.push({ order, component });
  items.sort((a, b) => a.order - b.order);
}

export function headerItems(): readonly ComponentType[] {
  return items.map((item) => item.component);
}

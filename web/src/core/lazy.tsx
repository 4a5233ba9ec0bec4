import { type ComponentType, lazy, Suspense, useState } from 'react';

/** The loaders of every deferred component defined so far (by the chunks loaded so far). */
const deferredLoaders = new Set<() => Promise<unknown>>();

/**
 * Loads the code of the deferred components (dialogs, their inputs) the loaded screens define,
 * one after another, ahead of their first open (the shell calls it after prefetchViews, idle).
 */
export async function prefetchDeferred(): Promise<void> {
  for (const load of [...deferredLoaders]) await load().catch(() => undefined);
}

/**
 * A component whose code loads the first time it renders, or earlier through `load` (a prefetch).
 * Unlike React's `lazy` alone, a component whose code has arrived before it mounts draws at once:
 * `lazy` suspends on its first render even when its promise has long settled, and React then holds
 * the content back until 300 ms after the fallback showed (its throttle on revealing suspended
 * content), which made every prefetched screen and dialog wait about 300 ms on its first open
 * (bench/browser.mjs). One mounted before its code arrived stays with `lazy` for its lifetime, so
 * it is never swapped for another component type (which would drop its state).
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: ComponentType<P>; load: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // tried again at the next prefetch or mount
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await once() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module load, never in a render.
  function Preloaded(props: P) {
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return { Component: Preloaded, load: once };
}

/**
 * A component whose code loads the first time it renders, showing nothing meanwhile: for inputs
 * that appear only inside a dialog, so the screen that offers the dialog stays light to load.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const { Component: Lazy, load: once } = preloadable(load);
  deferredLoaders.add(once);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module load, never in a render.
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/**
 * A dialog whose code loads the first time it opens. It stays mounted afterwards, so it animates
 * closed and opens again at once. `isOpen` reads the dialog's own way of saying it is open.
 */
export function deferredDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Inner = deferred(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module load, never in a render.
  return function DeferredDialog(props: P) {
    const open = isOpen(props);
    const [used, setUsed] = useState(open);
    if (open && !used) setUsed(true);
    return used ? <Inner {...props} /> : null;
  };
}

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
 * A component whose code loads the first time it renders, showing nothing meanwhile: for inputs
 * that appear only inside a dialog, so the screen that offers the dialog stays light to load.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  deferredLoaders.add(once);
  const Lazy = lazy(async () => ({ default: await once() }));
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

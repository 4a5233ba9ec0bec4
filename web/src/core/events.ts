type Handler<T> = (payload: T) => void;

/** Events the app's parts announce to each other. */
export type Events = {
  /** Another browser tab signed in or out. */
  'session:changed': { signedIn: boolean };
  /** Menus or permissions changed (a role or menu was saved): reload permmenu. */
  'menu:reload': undefined;
};

const handlers = new Map<keyof Events, Set<Handler<never>>>();

export const events = {
  on<K extends keyof Events>(name: K, handler: Handler<Events[K]>): () => void {
    const set = handlers.get(name) ?? new Set();
    set.add(handler as Handler<never>);
    handlers.set(name, set);
    return () => set.delete(handler as Handler<never>);
  },
  emit<K extends keyof Events>(name: K, payload: Events[K]) {
    for (const handler of handlers.get(name) ?? []) (handler as Handler<Events[K]>)(payload);
  },
};

/** The event loop of start-up (docs/spec.md §4): a sign-out in one browser tab signs out the others. */
export function startEventLoop() {
  window.addEventListener('storage', (event) => {
    if (event.key === 'backroom.token') events.emit('session:changed', { signedIn: event.newValue !== null });
  });
}

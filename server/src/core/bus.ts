/**
 * What one instance tells the others: a logout (revoke), any change to who may do what
 * (invalidate), and a change to a plugin. The embedded default is one instance, so its bus only loops back.
 * Scaled out, these go through the database first (core/durable-bus.ts): `seq` is the event's number
 * there, so an instance that hears of it twice (over Redis and from the table) applies it once.
 */
export type BusEvent = (
  | { type: 'revoke'; sid: string; expireAt: number; from: string }
  | { type: 'invalidate'; from: string }
  /** A plugin was installed, updated, enabled, disabled, configured or removed: reload it. */
  | { type: 'plugin'; keyName: string; from: string }
  /** Messages were stored for these users: each instance pushes them to the users' open streams. */
  | { type: 'message'; userIds: number[]; from: string }
  /** Events were written while this instance could not publish them: read the table again. */
  | { type: 'catch-up'; from: string }
) & { seq?: number };

export type Bus = {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): void;
  /**
   * Told when the bus stops carrying events between instances (false) and when it carries them again
   * (true, once subscribed). The embedded bus never changes: there are no others to hear.
   */
  onLink(listener: (up: boolean) => void): void;
  close(): Promise<void>;
};

export function createLocalBus(): Bus {
  return {
    async publish() {},
    subscribe() {},
    onLink() {},
    async close() {},
  };
}

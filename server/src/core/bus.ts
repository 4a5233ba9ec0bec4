/**
 * What one instance tells the others: a logout (revoke), any change to who may do what
 * (invalidate), and a change to a plugin. The embedded default is one instance, so its bus only loops back.
 */
export type BusEvent =
  | { type: 'revoke'; sid: string; expireAt: number; from: string }
  | { type: 'invalidate'; from: string }
  /** A plugin was installed, updated, enabled, disabled, configured or removed: reload it. */
  | { type: 'plugin'; keyName: string; from: string };

export type Bus = {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): void;
  close(): Promise<void>;
};

export function createLocalBus(): Bus {
  return {
    async publish() {},
    subscribe() {},
    async close() {},
  };
}

import type { PluginEvent } from '@backroom/contract';

/** Where an upload plugin put a file: the address clients load it from. */
export type PluginStored = { url: string };

/** The upload hook as the file space sees it: a storage provider run by an enabled plugin. */
export type PluginStorage = {
  readonly keyName: string;
  /** Stores a checked file (its temporary path) under the generated key. */
  put(tempFile: string, key: string, info: { ext: string; size: number; contentType: string }): Promise<PluginStored>;
  remove(key: string): Promise<void>;
  /** Records why a call failed and the built-in storage took the file instead. */
  reportFallback(error: unknown): Promise<void>;
};

/** The sms hook: sends a verification code to a phone number. */
export type PluginSms = { readonly keyName: string; send(phone: string, code: string): Promise<void> };

/**
 * The hooks as the rest of the server calls them. The plugin module installs the implementation;
 * until then (and when no plugin is enabled for a hook) nothing is delivered and the built-in
 * storage keeps every file.
 */
export type PluginHooks = {
  /** Tells the enabled notify plugin about an event; never waits for it, never throws. */
  notify(event: PluginEvent): void;
  /** The enabled upload plugin, when one is running. */
  storage(): PluginStorage | undefined;
  /** The enabled sms plugin, when one is running. */
  sms(): PluginSms | undefined;
};

export function createPluginHub(): PluginHooks & { install(hooks: PluginHooks): void } {
  let installed: PluginHooks | undefined;
  return {
    install(hooks) {
      installed = hooks;
    },
    notify: (event) => installed?.notify(event),
    storage: () => installed?.storage(),
    sms: () => installed?.sms(),
  };
}

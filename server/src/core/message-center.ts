import type { Label, Locale } from '@backroom/contract';

/**
 * The message center as the rest of the server calls it (docs/architecture.md, "Messages"): one
 * `notify` for every kind. A kind, its texts in three languages and whether a reader may turn it
 * off live with the module that owns the event (it registers the kind); storing, preferences and
 * delivery (the streams, the bus, the notify plugin) live in one place, the base module, which
 * installs the implementation.
 */
export type MessageKind = {
  /** `notice`, `visitTomorrow`, `taskFailed`…: what rows store in `kind`. */
  readonly kind: string;
  readonly label: Label;
  /** false: it always arrives, whatever the reader's preferences say (announcements). */
  readonly optional: boolean;
  /** The message's title and body in the reader's language, from the parameters it was made with. */
  render(params: Readonly<Record<string, unknown>>, locale: Locale): { title: string; body: string };
};

/** Messages of one kind with the same text, to several recipients. */
export type NewMessage = {
  readonly kind: string;
  readonly userIds: readonly number[];
  readonly params: Readonly<Record<string, unknown>>;
  /** Where the message leads in the web app (`/customer/invitation?…`). */
  readonly link?: string | null;
  /** What it is about (an announcement's id), when that is a row. */
  readonly refId?: number | null;
  /**
   * Made at most once per recipient and key within the kind (a reminder's day, a no-show's
   * invitation): a second call with the same key stores and pushes nothing, on any instance.
   */
  readonly onceKey?: string | null;
};

export type MessageCenter = {
  registerKind(kind: MessageKind): void;
  kind(name: string): MessageKind | undefined;
  kinds(): readonly MessageKind[];
  /**
   * Stores the messages (each recipient's preference honoured), then pushes them to the
   * recipients' open streams on every instance and, where a recipient asked, to the notify
   * plugin. Resolves with how many were stored; never throws for a delivery that failed after
   * storing (that is logged), only when storing failed.
   */
  notify(messages: NewMessage | readonly NewMessage[]): Promise<number>;
  /** The same to every enabled holder of a permission (superusers included): admin alerts. */
  notifyHolders(perm: string, message: Omit<NewMessage, 'userIds'>): Promise<number>;
};

type Delivery = Pick<MessageCenter, 'notify' | 'notifyHolders'>;

/**
 * The hub every module holds from the start: kinds register here whenever their module does; the
 * base module installs the delivery. Until then nothing is stored (no module sends before start).
 */
export function createMessageHub(): MessageCenter & { install(delivery: Delivery): void } {
  const kinds = new Map<string, MessageKind>();
  let delivery: Delivery | undefined;
  return {
    install(installed) {
      delivery = installed;
    },
    registerKind(kind) {
      if (kinds.has(kind.kind)) throw new Error(`message kind ${kind.kind} is registered twice`);
      kinds.set(kind.kind, kind);
    },
    kind: (name) => kinds.get(name),
    kinds: () => [...kinds.values()],
    notify: async (messages) => (delivery ? delivery.notify(messages) : 0),
    notifyHolders: async (perm, message) => (delivery ? delivery.notifyHolders(perm, message) : 0),
  };
}

/** A short text of a label in the reader's language with `{name}` filled in. */
export function sayIn(text: Label, locale: Locale, values: Readonly<Record<string, unknown>> = {}): string {
  return text[locale].replace(/\{(\w+)\}/g, (_all, key: string) => String(values[key] ?? ''));
}

/**
 * An admin alert's kind: a title and a body written with `{name}` placeholders filled from the
 * message's parameters; optional (a holder may turn it off, the notify plugin is told regardless).
 */
export function alertKind(kind: string, name: Label, title: Label, body: Label): MessageKind {
  return {
    kind,
    label: name,
    optional: true,
    render: (params, locale) => ({ title: sayIn(title, locale, params), body: sayIn(body, locale, params) }),
  };
}

/** Sends an alert to the holders of a permission without holding the caller: a failure is logged, never thrown. */
export function alertHolders(
  center: MessageCenter,
  log: { warn(obj: unknown, msg: string): void },
  perm: string,
  message: Omit<NewMessage, 'userIds'>,
): void {
  center
    .notifyHolders(perm, message)
    .catch((error: unknown) => log.warn({ err: error }, `alerting ${message.kind} failed`));
}

/** A dictionary item as a choice: its name and value, nested like the items. */
export type DictChoice = { label: string; value: string | number; children?: DictChoice[] };

/** What a screen derived from a declaration needs of the dictionaries a column names (`dict: 'goodsType'`). */
export type DictLookup = {
  /** The type's items as choices, in order. */
  options: (type: string) => DictChoice[];
  /** The name of the item holding a value; the value itself when unknown. */
  label: (type: string, value: unknown) => string;
};

/** A hook reading the dictionaries; `enabled` false asks nothing of the server. */
export type UseDictLookup = (enabled: boolean) => DictLookup;

const NO_DICTIONARIES: UseDictLookup = () => ({
  options: () => [],
  label: (_type, value) => (value === null || value === undefined ? '' : String(value)),
});

let load: (() => Promise<UseDictLookup>) | null = null;

/**
 * The dict module offers its dictionaries here (core imports no module). What it registers is a
 * loader, so the dictionaries' code comes only with a screen that needs it, never with sign-in.
 */
export function registerDictionaries(loader: () => Promise<UseDictLookup>) {
  load = loader;
}

/** The registered dictionaries' hook, or one that knows none when no module offers them. */
export function loadDictLookup(): Promise<UseDictLookup> {
  return load ? load() : Promise.resolve(NO_DICTIONARIES);
}

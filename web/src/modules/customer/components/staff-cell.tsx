/**
 * A staff member in a list's cell (an owner, a recorder): her own name on the first line, the store
 * on a second, muted line; both whole in the cell's title. A name that begins with its store's name
 * (the starter chain's 上海南京路店店员1) shows what follows it, so two clerks of one store never
 * read alike where the column cuts.
 */
export function StaffCell({ name, store }: { name: string | null | undefined; store?: string | null }) {
  if (!name) return null;
  const own = ownName(name, store);
  return (
    <span className="customer-staff" title={store ? `${name} · ${store}` : name}>
      <span className="customer-staff-name">{own}</span>
      {store && <span className="customer-staff-store">{store}</span>}
    </span>
  );
}

/** The name without its store's name in front, when something is left of it. */
export function ownName(name: string, store: string | null | undefined): string {
  if (!store || !name.startsWith(store)) return name;
  const rest = name.slice(store.length).trim();
  return rest === '' ? name : rest;
}

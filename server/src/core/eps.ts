import type { Audience, Declaration, EpsColumn, EpsEntry, Locale } from '@backroom/contract';

export type { EpsColumn, EpsEntry };

const TYPE_NAMES: Record<string, string> = {
  int: 'number',
  string: 'string',
  text: 'text',
  bool: 'boolean',
  json: 'json',
  decimal: 'decimal',
  datetime: 'datetime',
};

const BASE_COLUMNS: Array<[string, string, Record<Locale, string>]> = [
  ['id', 'number', { 'zh-cn': 'ID', 'zh-tw': 'ID', en: 'ID' }],
  ['createTime', 'datetime', { 'zh-cn': '创建时间', 'zh-tw': '建立時間', en: 'Created' }],
  ['updateTime', 'datetime', { 'zh-cn': '更新时间', 'zh-tw': '更新時間', en: 'Updated' }],
];

/**
 * The entity and api description clients of the family read, in one language, for one audience:
 * the staff's calls (`/admin/…`) at `GET /admin/base/open/eps`, the app users' (`/app/…`) at
 * `GET /app/base/comm/eps`. Neither lists the other's.
 */
export function buildEps(
  declarations: readonly Declaration[],
  locale: Locale,
  audience: Audience = 'admin',
): Record<string, EpsEntry[]> {
  const out: Record<string, EpsEntry[]> = {};
  for (const d of declarations) {
    if (!d.prefix.startsWith(`/${audience}/`)) continue;
    const entry: EpsEntry = {
      module: d.module,
      prefix: d.prefix,
      info: { type: { name: d.path.split('/').at(-1) ?? d.path, description: d.label[locale] } },
      api: d.endpoints.map((e) => ({
        method: e.method,
        path: `/${e.action}`,
        summary: e.summary[locale],
        ignoreToken: e.auth === 'open',
        prefix: d.prefix,
        auth: e.auth,
        perm: e.perm,
      })),
      columns: [],
    };
    if (d.kind === 'entity') {
      entry.name = d.entityName;
      entry.columns = [
        ...BASE_COLUMNS.map(([propertyName, type, comment]) => ({
          propertyName,
          type,
          length: '',
          comment: comment[locale],
          nullable: false,
          defaultValue: null,
          dict: null,
        })),
        ...Object.entries(d.columns)
          .filter(([, c]) => !c.hidden)
          .map(([propertyName, c]) => ({
            propertyName,
            type: TYPE_NAMES[c.kind] ?? c.kind,
            length: c.kind === 'string' && c.length !== undefined ? String(c.length) : '',
            comment: c.label[locale],
            nullable: c.nullable,
            defaultValue: c.defaultValue ?? null,
            dict: c.dict ?? null,
          })),
      ];
      entry.pageQueryOp = {
        // As the page searches them: joined fields (a user's name) and the entity's own columns.
        keyWordLikeFields: [...d.keyWordJoined, ...d.query.keyWordLikeFields],
        fieldEq: [...d.query.fieldEq],
        fieldLike: [...d.query.fieldLike],
      };
    }
    const list = out[d.module] ?? [];
    list.push(entry);
    out[d.module] = list;
  }
  return out;
}

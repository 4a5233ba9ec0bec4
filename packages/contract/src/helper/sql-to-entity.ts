import type { Label } from '../core/i18n.js';
import {
  type CodingField,
  type CodingKind,
  camel,
  codingFieldSchema,
  declarationSource,
  type EntitySpec,
  entitySpecSchema,
  FIELD_NAME,
  pascal,
  RESERVED_FIELDS,
} from './codegen.js';
import { parseCreateTable, type SqlDialect, SqlParseError, type SqlTable } from './sql-table.js';

/** What a table becomes as an entity: its spec, and the columns it leaves out (and why). */
export type TableConversion = { spec: EntitySpec; skipped: { column: string; reason: string }[]; warnings: string[] };

/** A text as a generated literal may hold it (no quotes, backslashes or line breaks; 50 characters). */
const plain = (text: string) =>
  text
    .replaceAll(String.fromCharCode(0), ' ')
    .replace(/['"`\\\r\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 50);

/**
 * The table as an entity spec (the generator's input): snake_case names become camelCase, the
 * columns every entity has (id, createTime, updateTime) and the auto-increment key are left out,
 * comments become labels.
 */
export function tableToSpec(
  table: SqlTable,
  options: { module: string; path: string; label?: Label },
): TableConversion {
  const skipped: TableConversion['skipped'] = [];
  const warnings: string[] = [];
  const fields: CodingField[] = [];
  const reserved = new Set<string>(RESERVED_FIELDS);
  for (const column of table.columns) {
    const name = camel(column.name);
    if (column.primaryKey && (column.autoIncrement || name === 'id')) {
      skipped.push({ column: column.name, reason: 'primary key (every entity has its own id)' });
      continue;
    }
    if (['createTime', 'updateTime', 'createdAt', 'updatedAt'].includes(name) || reserved.has(name)) {
      skipped.push({ column: column.name, reason: 'kept by every entity already' });
      continue;
    }
    if (!FIELD_NAME.test(name)) {
      skipped.push({ column: column.name, reason: 'not a usable field name' });
      continue;
    }
    if (column.warning) warnings.push(`${column.name}: ${column.warning}`);
    const text = plain(column.comment ?? '') || name;
    const literal = column.default && 'literal' in column.default ? column.default.literal : undefined;
    const field: CodingField = {
      name,
      label: { 'zh-cn': text, 'zh-tw': text, en: text },
      kind: column.kind as CodingKind,
      required: !column.nullable,
      length: column.kind === 'string' && !column.values ? Math.min(column.length ?? 255, 4000) : undefined,
      values: column.values?.map(plain).filter(Boolean),
      list: column.kind !== 'text' && column.kind !== 'json',
      search: false,
      unique: column.unique,
      default: literal === null ? undefined : literal,
      dict: undefined,
    };
    if (field.values && field.values.length === 0) field.values = undefined;
    const checked = codingFieldSchema.safeParse(field);
    if (!checked.success) {
      // A default that does not suit the kind (a text default of a number column): left out, said.
      if (field.default !== undefined) {
        warnings.push(`${column.name}: default ${JSON.stringify(field.default)} left out`);
        field.default = undefined;
      }
    }
    if (field.default !== undefined && column.default && 'expression' in column.default) field.default = undefined;
    fields.push(field);
  }
  if (fields.length === 0) throw new SqlParseError(`table ${table.name} has no column an entity would keep`);
  const names = plain(table.comment ?? '') || pascal(options.path);
  const spec = entitySpecSchema.parse({
    module: options.module,
    path: options.path,
    label: options.label ?? { 'zh-cn': names, 'zh-tw': names, en: names },
    fields,
  });
  return { spec, skipped, warnings };
}

/** `CREATE TABLE` text → the source of a Backroom entity declaration (the same generator as `npm run new:entity`). */
export function renderEntityDeclaration(
  sql: string,
  options: { module: string; path?: string; label?: Label; dialect?: SqlDialect },
): TableConversion & { table: SqlTable; source: string } {
  const table = parseCreateTable(sql, options.dialect);
  const prefix = `${options.module}_`;
  const bare = table.name.startsWith(prefix) ? table.name.slice(prefix.length) : table.name;
  const path = options.path ?? camel(bare);
  const conversion = tableToSpec(table, { module: options.module, path, label: options.label });
  return { ...conversion, table, source: declarationSource(conversion.spec) };
}

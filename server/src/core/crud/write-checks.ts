import { type Column, DEFAULT_LOCALE } from '@backroom/contract';
import type { Db } from '../db/index.js';
import { asLoose } from '../db/index.js';
import { isUniqueViolation } from '../db/unique.js';
import { badRequest, conflict } from '../errors.js';
import type { CrudContext } from './crud-context.js';
import type { LooseTrx, Row } from './crud-types.js';
import { type Dictionaries, readDictionaries } from './excel-cells.js';

/** The checks of a row's values before it is stored: unique columns and dictionary-labelled ones. */
export type WriteChecks = {
  /** The entity's unique columns. */
  readonly uniqueColumns: readonly string[];
  /** The columns labelled by a dictionary. */
  readonly dictColumns: ReadonlyArray<readonly [string, Column]>;
  /** A unique value as the database compares it: MySQL's usual collations ignore case. */
  uniqueKey(value: unknown): string;
  /** A 409 naming the field when another row (not `exceptId`) holds one of the row's unique values. */
  assertUnique(trx: Db, data: Row, exceptId?: number): Promise<void>;
  /**
   * A write that lost a race on a unique index: another writer took the value between assertUnique's
   * look and the insert (PostgreSQL and MySQL run such writers side by side; SQLite one at a time).
   * The transaction is gone; the answer is the 409 the look would have given, naming the field when
   * the value is now there to be seen. Anything else is thrown as it is (db/unique.ts says why the
   * central error handler turns the rest into a 409 too).
   */
  lostUniqueRace(error: unknown, inputs: readonly Row[], exceptId?: number): Promise<never>;
  /** A value of a dictionary-labelled column must be one of that dictionary's items. */
  assertDictValues(trx: LooseTrx, data: Row): Promise<void>;
  /** assertDictValues against dictionaries already read. */
  checkDictValues(dicts: Dictionaries, data: Row): void;
};

export function createWriteChecks(c: CrudContext): WriteChecks {
  const { entity, kind } = c;
  const uniqueColumns = Object.entries(entity.columns)
    .filter(([, column]) => column.unique)
    .map(([name]) => name);
  const dictColumns = Object.entries(entity.columns).filter(([, column]) => column.dict !== undefined);
  const givenDicts = (data: Row) =>
    dictColumns.filter(([name]) => data[name] !== undefined && data[name] !== null && data[name] !== '');

  const checks: WriteChecks = {
    uniqueColumns,
    dictColumns,
    uniqueKey: (value) => (kind === 'mysql' ? String(value).toLowerCase() : String(value)),

    async assertUnique(trx, data, exceptId) {
      for (const name of uniqueColumns) {
        const value = data[name];
        if (value === undefined || value === null) continue;
        let qb = asLoose(trx).selectFrom(entity.table).select('id').where(name, '=', value);
        if (exceptId !== undefined) qb = qb.where('id', '!=', exceptId);
        if (await qb.executeTakeFirst()) {
          throw conflict('common.duplicateValue', { field: entity.columns[name]?.label ?? name, value: String(value) });
        }
      }
    },

    async lostUniqueRace(error, inputs, exceptId): Promise<never> {
      if (!isUniqueViolation(error)) throw error;
      for (const input of inputs) await checks.assertUnique(c.app.db.db, input, exceptId);
      throw conflict('common.conflict');
    },

    async assertDictValues(trx, data) {
      const given = givenDicts(data);
      if (given.length === 0) return;
      const dicts = await readDictionaries(
        asLoose(trx),
        given.map(([, column]) => column),
        DEFAULT_LOCALE,
      );
      checks.checkDictValues(dicts, data);
    },

    checkDictValues(dicts, data) {
      for (const [name, column] of givenDicts(data)) {
        const items = dicts.get(column.dict as string);
        // A dictionary without items (not seeded, or emptied by an operator) constrains nothing.
        if (!items || items.names.size === 0) continue;
        if (!items.names.has(String(data[name]))) {
          throw badRequest('common.badDictValue', { field: column.label, value: String(data[name]) });
        }
      }
    },
  };
  return checks;
}

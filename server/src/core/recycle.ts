import type { Db } from './db/index.js';

type Row = Record<string, unknown>;

/** The call a deletion came from, as the recycle bin shows it (url, params, operator). */
export type DeletionOrigin = { url: string; params: unknown; userId: number | null };

/** Rows of one table exactly as they were stored, so a restore can put them back unchanged. */
export type DeletedRows = { table: string; rows: Row[] };

export type Deletion = {
  /** The entity the operator deleted: its declaration's module, entityName and table. */
  entity: { module: string; entityName: string; table: string };
  /** The deleted rows of the entity first, then whatever went with them (join rows, children, files). */
  sets: DeletedRows[];
  origin: DeletionOrigin;
  /**
   * Rows the call added (an import): a restore deletes them again. When present, the rows of
   * `sets` are the earlier values of rows the call changed, and a restore writes them back over
   * the current ones: the record undoes the whole call.
   */
  added?: Array<{ table: string; ids: number[] }>;
};

/**
 * Where every delete of a business row is recorded, inside the deleting transaction, so a failed
 * delete leaves no record and a record never outlives a rolled-back delete. The recycle module
 * provides the implementation; core and the other modules only see this seam.
 */
export type Recycler = {
  capture(trx: Db, deletion: Deletion): Promise<void>;
};

/** Holds the recycler the recycle module installs at start; capturing before that is a programming error. */
export function createRecycleHub(): Recycler & { install(recycler: Recycler): void } {
  let installed: Recycler | undefined;
  return {
    install(recycler) {
      installed = recycler;
    },
    capture(trx, deletion) {
      if (!installed) throw new Error('no recycle bin is installed: deletions cannot be recorded');
      return installed.capture(trx, deletion);
    },
  };
}

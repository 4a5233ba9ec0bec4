/**
 * Whether a statement failed on a unique index: two writers took the same value at once (the
 * check before the insert saw neither). PostgreSQL says 23505, MySQL and MariaDB ER_DUP_ENTRY
 * (1062), SQLite SQLITE_CONSTRAINT_UNIQUE (SQLITE_CONSTRAINT_PRIMARYKEY on a primary key that is not a rowid).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === '23505' ||
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

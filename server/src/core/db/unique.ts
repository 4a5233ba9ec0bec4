/**
 * Whether a statement failed on a unique index: two writers took the same value at once (the
 * check before the insert saw neither). PostgreSQL says 23505, MySQL and MariaDB ER_DUP_ENTRY
 * (1062), SQLite SQLITE_CONSTRAINT_UNIQUE (SQLITE_CONSTRAINT_PRIMARYKEY on a primary key that is not a rowid).
 *
 * Two places turn such a failure into a 409, and both are needed. The CRUD write path
 * (core/crud/write-checks.ts, lostUniqueRace) knows the row it tried to write: it looks again
 * and answers the 409 its check would have given, naming the field and the value ("Username
 * 'alice' already exists"). The central error handler (core/http/server.ts) catches every other
 * path, where nothing knows which field lost (a module's own insert, a join table, a repository):
 * the general "already exists", never a 500. Code for which a lost race is no error at all
 * catches it first (a customer's generated code is drawn again, a second sign-in reads the
 * account the first one made, a revoked session stays revoked).
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

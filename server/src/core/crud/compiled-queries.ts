import { CompiledQuery } from 'kysely';
import type { AnySelect } from './query.js';

/** A row of a table named at run time. */
export type LooseRow = Record<string, unknown>;

/**
 * Compiled read queries by everything that shapes them. Building and compiling a Kysely query
 * costs more CPU than SQLite spends running a page of 20 rows, and the same filters, order and
 * principal always give the same SQL and parameters: each shape is compiled once, and a page query
 * runs again with another window (its LIMIT and OFFSET are its last two parameters). A null key
 * means "do not cache" (an oversized filter). Only the SQL text and parameters are kept (about
 * 1 KB a shape, not Kysely's whole operation tree); least recently used shapes go first.
 */
export class CompiledQueries {
  private readonly entries = new Map<string, CompiledQuery<LooseRow>>();

  constructor(private readonly max = 200) {}

  /** The query of `build`, compiled once per key. */
  query(key: string | null, build: () => AnySelect): CompiledQuery<LooseRow> {
    const hit = key === null ? undefined : this.take(key);
    if (hit) return hit;
    const query = build().compile();
    if (key !== null) this.keep(key, query);
    return query;
  }

  /** The page query of `build` (without its window), compiled once per key, for this window. */
  page(key: string | null, build: () => AnySelect, limit: number, offset: number): CompiledQuery<LooseRow> {
    const hit = key === null ? undefined : this.take(key);
    if (hit) return withWindow(hit, limit, offset);
    const query = build().limit(limit).offset(offset).compile();
    if (key !== null && hasWindowAtEnd(query, limit, offset)) this.keep(key, query);
    return query;
  }

  clear(): void {
    this.entries.clear();
  }

  private take(key: string): CompiledQuery<LooseRow> | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Refresh its place, so the least recently used goes first.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  private keep(key: string, query: CompiledQuery<LooseRow>): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // Kept without its operation tree (a raw query of the same text), to hold less memory.
    this.entries.set(key, { ...CompiledQuery.raw(query.sql, [...query.parameters]) });
  }
}

/** Every dialect here ends a page query with `limit ? offset ?` (PostgreSQL: `limit $n offset $m`). */
const WINDOW_AT_END = /\blimit (\?|\$\d+) offset (\?|\$\d+)$/;

/** Whether a compiled page query takes its LIMIT and OFFSET as its last two parameters. */
function hasWindowAtEnd(query: CompiledQuery, limit: number, offset: number): boolean {
  const n = query.parameters.length;
  return (
    n >= 2 && query.parameters[n - 2] === limit && query.parameters[n - 1] === offset && WINDOW_AT_END.test(query.sql)
  );
}

/** The same compiled page query for another window. */
function withWindow(query: CompiledQuery<LooseRow>, limit: number, offset: number): CompiledQuery<LooseRow> {
  const parameters = query.parameters.slice(0, -2);
  parameters.push(limit, offset);
  return { query: query.query, queryId: query.queryId, sql: query.sql, parameters };
}

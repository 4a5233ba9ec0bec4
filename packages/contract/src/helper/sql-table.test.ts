import { describe, expect, it } from 'vitest';
import { parseCreateTable, SqlParseError } from './sql-table.js';
import { renderEntityDeclaration } from './sql-to-entity.js';

const MYSQL = `
-- goods of the shop
CREATE TABLE IF NOT EXISTS \`shop_goods\` (
  \`id\` int unsigned NOT NULL AUTO_INCREMENT,
  \`title\` varchar(50) NOT NULL COMMENT 'Title',
  \`price\` decimal(10,2) NOT NULL DEFAULT '0.00' COMMENT 'Price',
  \`status\` tinyint(1) NOT NULL DEFAULT 1,
  \`type\` enum('food','drink') DEFAULT 'food',
  \`stock\` int NOT NULL DEFAULT 0,
  \`description\` longtext,
  \`extra\` json DEFAULT NULL,
  \`sku_code\` varchar(32) DEFAULT NULL,
  \`created_at\` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (\`id\`),
  UNIQUE KEY \`uq_sku\` (\`sku_code\`),
  KEY \`idx_title_type\` (\`title\`, \`type\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='Goods';`;

const POSTGRES = `
create table public."shop_order" (
  id bigserial primary key,
  "orderNo" character varying(64) not null unique,
  amount numeric(12, 2) not null default 0,
  paid boolean not null default false,
  note text,
  placed_at timestamp with time zone not null default now(),
  payload jsonb,
  channel varchar(20) default 'web'::character varying,
  constraint fk_x foreign key (amount) references other(id)
);
comment on column public."shop_order"."orderNo" is 'Order number';
comment on table public."shop_order" is 'Orders';`;

const SQLITE = `CREATE TABLE visit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  visitor TEXT NOT NULL,
  score REAL,
  seen_at DATETIME,
  count INTEGER DEFAULT (0) CHECK (count >= 0)
) STRICT;`;

describe('parseCreateTable', () => {
  it('reads a MySQL table: kinds, lengths, nullability, defaults, keys, comments', () => {
    const table = parseCreateTable(MYSQL);
    expect(table.name).toBe('shop_goods');
    expect(table.dialect).toBe('mysql');
    expect(table.comment).toBe('Goods');
    const by = Object.fromEntries(table.columns.map((c) => [c.name, c]));
    expect(by.id).toMatchObject({ kind: 'int', primaryKey: true, autoIncrement: true, nullable: false });
    expect(by.title).toMatchObject({ kind: 'string', length: 50, nullable: false, comment: 'Title' });
    expect(by.price).toMatchObject({
      kind: 'decimal',
      precision: { digits: 10, scale: 2 },
      default: { literal: '0.00' },
    });
    expect(by.status).toMatchObject({ kind: 'bool', default: { literal: 1 } });
    expect(by.type).toMatchObject({ kind: 'string', values: ['food', 'drink'], nullable: true });
    expect(by.description).toMatchObject({ kind: 'text', nullable: true });
    expect(by.extra).toMatchObject({ kind: 'json', default: { literal: null } });
    expect(by.sku_code).toMatchObject({ unique: true, length: 32 });
    expect(by.created_at).toMatchObject({ kind: 'datetime', default: { expression: 'CURRENT_TIMESTAMP' } });
    expect(table.indexes).toEqual([{ columns: ['title', 'type'], unique: false }]);
  });

  it('reads a PostgreSQL table with quoted names, casts and COMMENT ON', () => {
    const table = parseCreateTable(POSTGRES);
    expect(table).toMatchObject({ name: 'shop_order', dialect: 'postgres', comment: 'Orders' });
    const by = Object.fromEntries(table.columns.map((c) => [c.name, c]));
    expect(by.id).toMatchObject({ kind: 'bigint', primaryKey: true, autoIncrement: true });
    expect(by.orderNo).toMatchObject({
      kind: 'string',
      length: 64,
      unique: true,
      nullable: false,
      comment: 'Order number',
    });
    expect(by.amount).toMatchObject({ kind: 'decimal', default: { literal: 0 } });
    expect(by.paid).toMatchObject({ kind: 'bool', default: { literal: false } });
    expect(by.placed_at).toMatchObject({ kind: 'datetime', default: { expression: 'now()' } });
    expect(by.payload).toMatchObject({ kind: 'json' });
    expect(by.channel).toMatchObject({ default: { literal: 'web' }, length: 20 });
    expect(table.columns).toHaveLength(8);
  });

  it('reads a SQLite table, and says what it read approximately', () => {
    const table = parseCreateTable(SQLITE);
    expect(table.dialect).toBe('sqlite');
    const by = Object.fromEntries(table.columns.map((c) => [c.name, c]));
    expect(by.id).toMatchObject({ primaryKey: true, autoIncrement: true });
    expect(by.visitor).toMatchObject({ kind: 'text', nullable: false });
    expect(by.score?.warning).toMatch(/floating point/);
    expect(by.count).toMatchObject({ kind: 'int', default: { literal: 0 } });
  });

  it('refuses what is not a CREATE TABLE, with a reason', () => {
    expect(() => parseCreateTable('select 1')).toThrow(SqlParseError);
    expect(() => parseCreateTable('create table t (a int')).toThrow(/never closed/);
    expect(() => parseCreateTable('create table t ()')).toThrow(/no columns/);
    expect(() => parseCreateTable("create table t (a varchar(3) default 'x)")).toThrow(/never closed/);
  });
});

describe('renderEntityDeclaration', () => {
  it('renders a declaration from the table, by the one generator', () => {
    const out = renderEntityDeclaration(MYSQL, { module: 'shop' });
    expect(out.spec.path).toBe('goods');
    expect(out.skipped.map((s) => s.column)).toEqual(['id', 'created_at']);
    expect(out.source).toContain('export const shopGoods = defineEntity({');
    expect(out.source).toContain("table: 'shop_goods'");
    expect(out.source).toContain("title: col.string({ label: label('Title', 'Title', 'Title'), min: 1, max: 50 })");
    expect(out.source).toContain(
      "type: col.stringEnum(['food', 'drink'], { label: label('type', 'type', 'type'), default: 'food' })",
    );
    expect(out.source).toContain("stock: col.int({ label: label('stock', 'stock', 'stock'), default: 0 })");
    expect(out.source).toContain(
      "skuCode: col.string({ label: label('skuCode', 'skuCode', 'skuCode'), nullable: true, max: 32, unique: true })",
    );
    expect(out.source).toContain('extra: col.json(z.unknown()');
    expect(out.source).toContain("import { z } from 'zod';");
    // A default of the wrong kind (a '0.00' text for a decimal, 1 for a bool) is left out and said.
    expect(out.warnings.join('\n')).toMatch(/price: default "0.00" left out/);
    expect(out.warnings.join('\n')).toMatch(/status: default 1 left out/);
  });

  it('keeps quotes out of the generated source', () => {
    const out = renderEntityDeclaration("create table t (a varchar(10) comment 'it''s \\\\ odd')", { module: 'demo' });
    expect(out.source).toContain("a: col.string({ label: label('it s odd'");
  });
});

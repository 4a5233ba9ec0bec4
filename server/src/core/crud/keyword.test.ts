import { customerInfo, dictType } from '@backroom/contract';
import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { type DbKind, type LooseDb, likeOperator } from '../db/index.js';
import { maskedColumnsOf } from './masking.js';
import { applyFilters, baseQuery, keywordsOf, textIndexDecides } from './query.js';

// The SQL a keyword becomes, per dialect: through the text index where the entity declares one (its
// trigrams, or its pairs for a keyword of one or two characters), by the LIKEs alone otherwise. (The answers are checked against real
// databases in text-index.int.test.ts.)

const DIALECTS = {
  sqlite: { adapter: SqliteAdapter, compiler: SqliteQueryCompiler, introspector: SqliteIntrospector },
  postgres: { adapter: PostgresAdapter, compiler: PostgresQueryCompiler, introspector: PostgresIntrospector },
  mysql: { adapter: MysqlAdapter, compiler: MysqlQueryCompiler, introspector: MysqlIntrospector },
} as const;

function compile(
  kind: DbKind,
  entity: typeof customerInfo | typeof dictType,
  keyWord: string,
  spec: { masked?: boolean; keywordBy?: 'index' } = {},
) {
  const d = DIALECTS[kind];
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new d.adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new d.introspector(k),
      createQueryCompiler: () => new d.compiler(),
    },
  }) as unknown as LooseDb;
  const masked = spec.masked ? maskedColumnsOf(entity.columns) : undefined;
  return applyFilters(
    baseQuery(db, entity).selectAll(),
    { entity, kind, masked, keywordBy: spec.keywordBy },
    { keyWord },
  ).compile();
}

describe('the keyword through the text index', () => {
  it("asks SQLite's FTS5 table for the words and the identifier pieces for codes and phones, and keeps the LIKEs", () => {
    const { sql, parameters } = compile('sqlite', customerInfo, 'ab" OR c*');
    expect(sql).toContain(
      '"a"."id" in (select rowid from "customer_info_fts" where "customer_info_fts" match ? union select g1.id from "customer_info_fts_grams" g1',
    );
    // The pieces: the keyword's last and first six characters, both looked up by the B-tree key,
    // the last leading (identifiers share their beginnings).
    expect(sql).toContain('g2.gram = substr(lower(cast(? as text)), 1, 6)');
    expect(sql).toContain('where g1.gram = substr(lower(cast(? as text)), -6)) and ("a"."customerCode" like ?');
    expect(parameters[0]).toBe('"ab"" OR c*"');
    expect(parameters.slice(1, 3)).toEqual(['ab" OR c*', 'ab" OR c*']);
    expect(parameters.slice(3)).toEqual(Array(6).fill('%ab" OR c*%'));
  });

  it('spells PostgreSQL the expression its GIN index is made on for the words, the pieces for identifiers, and keeps the ILIKEs', () => {
    const { sql, parameters } = compile('postgres', customerInfo, '50%_x');
    expect(sql).toContain(
      `coalesce("w"."customerName", '') || chr(31) || coalesce("w"."customerAddress", '') || chr(31) || coalesce("w"."customerType", '') || chr(31) || coalesce("w"."remark", '') ilike $1 escape '!' union select g.id from "customer_info_fts_grams" g`,
    );
    // Fewer than six characters, and lower() keeps an ASCII keyword's length: the range over the
    // pieces that start so, the only select of them.
    expect(sql).toContain('g.gram >= (lower(cast($2 as text)) collate "C")');
    expect(sql).not.toContain('g1.id');
    expect(sql).not.toContain('length(');
    expect(sql).toContain(`and ("a"."customerCode" ilike $4 escape '!'`);
    expect(parameters[0]).toBe('%50!%!_x%');
    expect(parameters.slice(1, 3)).toEqual(Array(2).fill('50%_x'));
    expect(parameters.slice(3)).toEqual(Array(6).fill('%50!%!_x%'));
    // Six characters or more: the first and the last piece.
    const long = compile('postgres', customerInfo, 'C00012345');
    expect(long.sql).toContain('union select g1.id from "customer_info_fts_grams" g1');
    expect(long.sql).not.toContain('g.gram >=');
    expect(long.sql).not.toContain('length(');
  });

  it('lets PostgreSQL decide between six characters and fewer by the lowered length where lower() may change it', () => {
    const { sql } = compile('postgres', customerInfo, 'İb%_x');
    expect(sql).toContain('length((lower(cast($4 as text)) collate "C")) >= 6');
    expect(sql).toContain('g.gram >= (lower(cast($5 as text)) collate "C")');
    expect(sql).toContain('length((lower(cast($7 as text)) collate "C")) < 6');
  });

  it('looks a keyword of one or two characters up in the pairs and the identifier pieces on SQLite, and keeps the LIKEs', () => {
    const two = compile('sqlite', customerInfo, '秀英');
    // Two characters: a pair of the text, one B-tree key; the identifiers' pieces that begin so.
    expect(two.sql).toContain(
      '"a"."id" in (select p.id from "customer_info_fts_pairs" p where p.gram = lower(cast(? as text)) union select g.id from "customer_info_fts_grams" g where g.gram >= lower(cast(? as text))',
    );
    expect(two.sql).not.toContain('match');
    expect(two.parameters).toEqual([...Array(3).fill('秀英'), ...Array(6).fill('%秀英%')]);
    // One character: the pairs that begin with it, a range of the B-tree.
    const one = compile('sqlite', customerInfo, 'A');
    expect(one.sql).toContain(
      'select p.id from "customer_info_fts_pairs" p where p.gram >= lower(cast(? as text)) and p.gram <= lower(cast(? as text)) || char(1114111) union select g.id',
    );
    expect(one.parameters).toEqual([...Array(4).fill('A'), ...Array(6).fill('%A%')]);
  });

  it('lets PostgreSQL decide between a pair and the pairs that begin with it by the lowered length where lower() may change it', () => {
    const { sql, parameters } = compile('postgres', customerInfo, 'İb');
    expect(sql).toContain(
      'select p.id from "customer_info_fts_pairs" p where p.gram = left((lower(cast($1 as text)) collate "C"), 2) and length((lower(cast($2 as text)) collate "C")) >= 2 union select p.id from "customer_info_fts_pairs" p where p.gram >= (lower(cast($3 as text)) collate "C")',
    );
    expect(sql).toContain('union select g1.id from "customer_info_fts_grams" g1');
    expect(sql).not.toContain('coalesce');
    expect(parameters.filter((p) => p === 'İb').length).toBe(parameters.length - 6);
    expect(parameters.slice(-6)).toEqual(Array(6).fill('%İb%'));
  });

  it('looks a keyword of ASCII or caseless characters up on PostgreSQL as on SQLite: one select of the pairs, one of the pieces', () => {
    for (const keyWord of ['Ab', '明梅']) {
      const { sql, parameters } = compile('postgres', customerInfo, keyWord);
      expect(sql, keyWord).toContain(
        '"a"."id" in (select p.id from "customer_info_fts_pairs" p where p.gram = (lower(cast($1 as text)) collate "C") union select g.id from "customer_info_fts_grams" g where g.gram >= (lower(cast($2 as text)) collate "C")',
      );
      expect(sql, keyWord).not.toContain('length(');
      expect(parameters, keyWord).toEqual([...Array(3).fill(keyWord), ...Array(6).fill(`%${keyWord}%`)]);
    }
    const one = compile('postgres', customerInfo, '明');
    expect(one.sql).toContain(
      'select p.id from "customer_info_fts_pairs" p where p.gram >= (lower(cast($1 as text)) collate "C") and p.gram <= (lower(cast($2 as text)) collate "C") || chr(1114111) union select g.id',
    );
    expect(one.sql).not.toContain('length(');
  });

  it('goes by LIKE alone on MySQL, for short keywords without pairs, and for entities without the option', () => {
    const noPairs = { ...customerInfo, textPairs: ['customerName'] } as typeof customerInfo;
    for (const [kind, entity, keyWord] of [
      ['mysql', customerInfo, 'abc'],
      ['mysql', customerInfo, 'ab'],
      ['sqlite', noPairs, '秀英'],
      ['postgres', noPairs, 'ab'],
      ['sqlite', dictType, 'abc'],
      ['sqlite', dictType, 'ab'],
      ['postgres', dictType, 'abc'],
    ] as const) {
      const { sql, parameters } = compile(kind, entity, keyWord);
      expect(sql, `${kind} ${entity.table} ${keyWord}`).not.toMatch(/match|coalesce/);
      expect(parameters.every((p) => p === `%${keyWord}%`)).toBe(true);
      expect(parameters.length).toBe(entity.query.keyWordLikeFields.length);
    }
  });

  it('compares with LIKE on PostgreSQL where no character of the keyword has a case, ILIKE otherwise', () => {
    for (const text of ['明梅', '13812345678', '王，明。', '東京 かな 한국', '50%_!']) {
      expect(likeOperator('postgres', text), text).toBe('like');
    }
    // Latin letters, letters whose lower case is longer ('İ'), symbols with a case (Ⓐ), and mixes.
    for (const text of ['Ab', 'ä', 'İ', 'Ⓐ', '明a', 'Ω']) expect(likeOperator('postgres', text), text).toBe('ilike');
    for (const text of ['Ab', '明梅']) expect(likeOperator('sqlite', text)).toBe('like');
    const { sql } = compile('postgres', customerInfo, '明梅');
    expect(sql).toContain(`"a"."customerName" like $`);
    expect(sql).not.toContain('ilike');
  });

  it('lets the index alone decide one or two characters without a case of their own, where it holds every keyword field', () => {
    for (const keyWord of ['明', '明梅', '1', 'ab', 'A1', '%']) {
      expect(textIndexDecides(customerInfo, 'sqlite', keyWord), keyWord).toBe(true);
      expect(textIndexDecides(customerInfo, 'postgres', keyWord), keyWord).toBe(true);
    }
    // Three characters go by trigrams, which only narrow; ß and İ change length or form when cased.
    for (const keyWord of ['王明梅', 'abc', 'ß', 'İ', 'ä']) {
      expect(textIndexDecides(customerInfo, 'postgres', keyWord), keyWord).toBe(false);
    }
    const noPairs = { ...customerInfo, textPairs: ['customerName'] } as typeof customerInfo;
    expect(textIndexDecides(noPairs, 'sqlite', '明')).toBe(false);
    expect(textIndexDecides(customerInfo, 'mysql', '明')).toBe(false);
    expect(textIndexDecides(dictType, 'sqlite', '明')).toBe(false);
    // A keyword also over joined fields (the owner's name) is more than the index holds.
    expect(textIndexDecides(customerInfo, 'sqlite', '明', ['u.name'])).toBe(false);
  });

  it('matches a masked column by its whole value, beside the LIKEs of the others, and never by the index alone', () => {
    for (const kind of ['sqlite', 'postgres', 'mysql'] as const) {
      const { sql, parameters } = compile(kind, customerInfo, '13', { masked: true, keywordBy: 'index' });
      expect(sql, kind).toMatch(/customerPhone["`] in \(/);
      expect(sql, kind).not.toMatch(/customerPhone["`] (i?like)/);
      // The LIKEs of the other fields still decide, though the index alone was asked for.
      expect(sql, kind).toMatch(/customerName["`] (i?like)/);
      expect(parameters, kind).toContain('13');
    }
    const readable = compile('sqlite', customerInfo, '13', { keywordBy: 'index' }).sql;
    expect(readable).not.toContain('"customerName" like');
  });

  it('searches a number typed in groups as typed and without its spaces and dashes', () => {
    const { parameters } = compile('mysql', customerInfo, '139 1234-5678');
    expect(parameters).toContain('%139 1234-5678%');
    expect(parameters).toContain('%13912345678%');
    // Text with a dash is not a number in groups.
    expect(compile('mysql', customerInfo, 'C-12').parameters).not.toContain('%C12%');
  });
});

describe('the texts a keyword searches for', () => {
  it('adds a phone number in its stored spelling to the keyword as typed (issue 35 §7)', () => {
    expect(keywordsOf({ keyWord: '+86 139-1234-5603' })).toEqual([
      '+86 139-1234-5603',
      '+8613912345603',
      '13912345603',
    ]);
    expect(keywordsOf({ keyWord: '0139 1234 5603' })).toEqual(['0139 1234 5603', '013912345603', '13912345603']);
    expect(keywordsOf({ keyWord: '010-1234 5678' })).toEqual(['010-1234 5678', '01012345678', '+861012345678']);
    expect(keywordsOf({ keyWord: '13912345603' })).toEqual(['13912345603']);
    expect(keywordsOf({ keyWord: '1391234' })).toEqual(['1391234']);
    expect(keywordsOf({ keyWord: '王秀英' })).toEqual(['王秀英']);
  });
});

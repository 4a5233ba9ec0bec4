import { z } from 'zod';
import type { ColumnKind } from '../core/columns.js';
import { defineController, returns } from '../core/entity.js';
import { type Label, type Locale, label } from '../core/i18n.js';
import { type EntitySpecInput, entitySpecSchema } from '../helper/codegen.js';
import type { MenuNode } from './sys-menu.js';

/** One module of the product and its entities, as the registry declares them. */
export type CodingModule = {
  module: string;
  /** The module's menu directory (zh-cn name, as seeded), where its pages sit; null when it has none. */
  directory: string | null;
  entities: { path: string; entityName: string; table: string; label: Label; prefix: string }[];
};

/** One file of a preview: a new file's whole text, or the lines an edit adds to an existing one. */
export type CodingFile = { path: string; action: 'create' | 'edit'; content: string; lines: string[] };

/** Everything an entity needs, as createCode would write it. */
export type CodingPreview = {
  files: CodingFile[];
  /** The migration file (its name and text) and what it changes. */
  migration: { path: string; content: string; lines: string[] };
  /** The menu page and permission rows its seed adds. */
  menus: MenuNode[];
  /** The menu names in each language. */
  texts: Record<Locale, Record<string, string>>;
  /** Whether this server may write them (development mode). */
  writable: boolean;
};

/** Whether free text can be turned into an entity (an OpenAI-compatible endpoint is configured). */
export type CodingStatus = { ai: boolean; writable: boolean };

export const codingCreateSchema = z.object({
  spec: entitySpecSchema,
  /** Replace generated files that exist already (the registrations are edited either way). */
  overwrite: z.boolean().default(false),
});

export const codingDescribeSchema = z.object({ text: z.string().trim().min(1).max(4000) });

/**
 * The AI fast-coding helper's calls: the modules and their entities, the preview of a described
 * entity, turning free text into that description, and writing the files (development mode only).
 */
export const baseCoding = defineController({
  module: 'base',
  path: 'coding',
  label: label('代码生成', '程式碼生成', 'Code generation'),
  endpoints: {
    getModuleTree: {
      method: 'get',
      summary: label('模块与实体', '模組與實體', 'Modules and entities'),
      output: returns<CodingModule[]>(),
    },
    status: {
      method: 'get',
      summary: label('生成能力', '生成能力', 'What can be generated'),
      output: returns<CodingStatus>(),
    },
    preview: {
      method: 'post',
      summary: label('预览代码', '預覽程式碼', 'Preview the code'),
      input: entitySpecSchema,
      output: returns<CodingPreview>(),
    },
    describe: {
      method: 'post',
      summary: label('描述转实体', '描述轉實體', 'Describe an entity in words'),
      input: codingDescribeSchema,
      output: returns<{ spec: EntitySpecInput }>(),
    },
    createCode: {
      method: 'post',
      summary: label('生成代码', '生成程式碼', 'Write the code'),
      input: codingCreateSchema,
      output: returns<{ files: string[]; migration: string }>(),
    },
  },
});

/** A column a CRUD screen and its permission quick-add need, as menu parse answers it. */
export type ParsedColumn = {
  name: string;
  kind: ColumnKind;
  label: Label;
  nullable: boolean;
  length: number | null;
  dict: string | null;
  values: (string | number)[] | null;
  /** How the page searches it: by the keyword, by an equality filter, or not. */
  search: 'keyword' | 'eq' | 'like' | null;
};

/** What menu parse answers: the entity (or the table read from SQL), its columns and its permissions. */
export type MenuParse = {
  source: 'declaration' | 'sql';
  /** `demo/goods`: the name create takes (a served declaration only; null for SQL). */
  entity: string | null;
  label: Label;
  table: string;
  router: string;
  viewPath: string;
  columns: ParsedColumn[];
  perms: { action: string; perm: string }[];
  /** What the SQL reading left out or read approximately. */
  warnings: string[];
};

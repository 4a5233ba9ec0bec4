import fs from 'node:fs';
import path from 'node:path';
import {
  type CodingFile,
  type CodingModule,
  type CodingPreview,
  crudPermRows,
  type Declaration,
  type EntitySpec,
  entityFromSpec,
  entitySpecSchema,
  kebab,
  type ModuleState,
  menuDirectory,
  menuPage,
  menus,
  menuTexts,
  namesOf,
  type PlannedFile,
  planEntity,
  planMigration,
  tables,
} from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { conflict, refused } from '../../core/errors.js';
import { preparePlan, SourceTreeError, writePrepared } from '../../core/source-tree.js';
import { nextMigration } from '../../db/migration-source.js';

/** The prompt that asks the model for an entity spec, and nothing else. */
const SYSTEM_PROMPT = `You turn a description of a back-office entity into JSON, and answer only that JSON object:
{"module": lower-case letters, "path": camelCase, "label": {"zh-cn": "...", "zh-tw": "...", "en": "..."},
 "fields": [{"name": camelCase, "label": {"zh-cn","zh-tw","en"}, "kind": one of "string","text","int","bigint","decimal","bool","datetime","json",
   "required": boolean, "length": number (string only), "dict": dictionary key (optional), "values": [strings] (optional, string only),
   "list": boolean, "search": boolean, "unique": boolean, "default": value (optional)}]}
Money is "decimal". Long text is "text". Do not add id, createTime or updateTime. Labels carry no quotes.`;

export type CodingService = ReturnType<typeof createCodingService>;

export function createCodingService(ctx: AppContext, declarations: readonly Declaration[]) {
  const { config } = ctx;
  const root = config.sourceRoot;

  function assertDev() {
    if (!config.devMode) throw refused('coding.production');
  }

  function assertNew(spec: EntitySpec) {
    const n = namesOf(spec.module, spec.path);
    if (Object.hasOwn(tables, n.table) || declarations.some((d) => d.prefix === `/admin${n.router}`)) {
      throw conflict('coding.exists', { name: `${spec.module}/${spec.path}` });
    }
  }

  /** What of the module is in the source tree (development), or in the registry (anywhere). */
  function moduleState(module: string): ModuleState {
    if (config.devMode) {
      const has = (dir: string) => fs.existsSync(path.join(root, dir, 'index.ts'));
      return {
        contract: fs.existsSync(path.join(root, 'packages/contract/src', module)),
        server: has(`server/src/modules/${module}`),
        web: has(`web/src/modules/${module}`),
      };
    }
    const known = declarations.some((d) => d.module === module) || menus.some((m) => m.module === module);
    return { contract: known, server: known, web: known };
  }

  function migrationOf(spec: EntitySpec) {
    const n = namesOf(spec.module, spec.path);
    const next = nextMigration(spec.module, `create-${kebab(spec.path)}`, [
      ...Object.values(tables),
      entityFromSpec(spec),
    ]);
    if (next === null) throw conflict('coding.exists', { name: `${spec.module}/${spec.path}` });
    return { ...next, table: n.table };
  }

  function planOf(spec: EntitySpec): { plan: PlannedFile[]; migration: ReturnType<typeof migrationOf> } {
    assertNew(spec);
    const migration = migrationOf(spec);
    return {
      plan: [...planEntity(spec, moduleState(spec.module)), ...planMigration(migration.name, migration.source)],
      migration,
    };
  }

  return {
    moduleTree(): CodingModule[] {
      assertDev();
      const modules = [...new Set([...declarations.map((d) => d.module), ...menus.map((m) => m.module)])];
      return modules.map((module) => {
        const top = menus.find((m) => m.module === module)?.tree.find((node) => node.type === 0);
        return {
          module,
          directory: top?.name ?? null,
          entities: declarations
            .filter((d) => d.module === module && d.kind === 'entity')
            .map((d) => ({
              path: d.path,
              entityName: d.kind === 'entity' ? d.entityName : '',
              table: d.kind === 'entity' ? d.table : '',
              label: d.label,
              prefix: d.prefix,
            })),
        };
      });
    },

    status() {
      return { ai: config.ai !== undefined, writable: config.devMode };
    },

    preview(spec: EntitySpec): CodingPreview {
      const { plan, migration } = planOf(spec);
      const n = namesOf(spec.module, spec.path);
      const entity = entityFromSpec(spec);
      const menu = spec.menu ?? spec.label;
      const files: CodingFile[] = plan
        .filter((f) => f.path !== `server/src/db/migrations/${migration.name}.ts`)
        .map((f) =>
          f.action === 'create'
            ? { path: f.path, action: 'create', content: f.content, lines: [] }
            : { path: f.path, action: 'edit', content: '', lines: f.edits.map((e) => e.line.trim()) },
        );
      return {
        files,
        migration: {
          path: `server/src/db/migrations/${migration.name}.ts`,
          content: migration.source,
          lines: migration.lines,
        },
        menus: [
          menuDirectory(menu['zh-cn'], 'icon-menu', 50, [
            menuPage(spec.label['zh-cn'], n.router, n.viewPath, 'icon-menu', 99, crudPermRows(entity.perms)),
          ]),
        ],
        texts: menuTexts(spec),
        writable: config.devMode,
      };
    },

    createCode(spec: EntitySpec, overwrite: boolean) {
      assertDev();
      const { plan, migration } = planOf(spec);
      let writes: ReturnType<typeof preparePlan>;
      try {
        writes = preparePlan(root, spec.module, plan, { overwrite });
      } catch (error) {
        if (error instanceof SourceTreeError) {
          if (error.reason === 'exists') throw conflict('coding.fileExists', { files: error.files.join(', ') });
          if (error.reason === 'path') throw refused('coding.badPath', { files: error.files.join(', ') });
          throw refused('coding.cannotEdit', { files: error.files.join(', ') });
        }
        throw error;
      }
      writePrepared(root, writes);
      ctx.log.info({ module: spec.module, path: spec.path, files: writes.length }, 'coding: files written');
      return { files: writes.map((w) => w.path), migration: migration.name };
    },

    /** Free text → an entity spec, through the configured OpenAI-compatible endpoint (the key stays here). */
    async describe(text: string): Promise<{ spec: EntitySpec }> {
      const ai = config.ai;
      if (!ai) throw refused('coding.noAi');
      let content: string;
      try {
        const response = await fetch(`${ai.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: ai.model,
            temperature: 0,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: text },
            ],
          }),
          signal: AbortSignal.timeout(60_000),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
        const answer = body.choices?.[0]?.message?.content;
        if (typeof answer !== 'string') throw new Error('no message content');
        content = answer;
      } catch (error) {
        // Only the reason goes to the log: never the key, the prompt or the answer.
        ctx.log.warn({ reason: (error as Error).message }, 'coding: the AI endpoint failed');
        throw refused('coding.aiFailed');
      }
      const json = /\{[\s\S]*\}/.exec(content.replace(/```(?:json)?/g, ''))?.[0];
      let parsed: unknown;
      try {
        parsed = JSON.parse(json ?? '');
      } catch {
        throw refused('coding.aiInvalid', { reason: 'JSON' });
      }
      const checked = entitySpecSchema.safeParse(parsed);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw refused('coding.aiInvalid', { reason: `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim() });
      }
      return { spec: checked.data };
    },
  };
}

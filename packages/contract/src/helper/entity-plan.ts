import { declarationSource, type EntitySpec, menuTexts, namesOf, routesSource, viewSource } from './codegen.js';
import type { SourceEdit } from './source-edits.js';

export type PlannedFile =
  | { path: string; action: 'create'; content: string }
  | { path: string; action: 'edit'; edits: SourceEdit[] };

/** What of the module exists already (the caller looks). */
export type ModuleState = { contract: boolean; server: boolean; web: boolean };

/**
 * Every file an entity needs, new and edited: its declaration with its menus (contract), its
 * routes (server), its screen (web), and their registrations. The migration is the server's
 * (`npm run db:migration`, from the declaration once it is registered).
 */
export function planEntity(spec: EntitySpec, state: ModuleState): PlannedFile[] {
  const n = namesOf(spec.module, spec.path);
  const contract = `packages/contract/src/${n.module}`;
  const serverDir = `server/src/modules/${n.module}`;
  const webDir = `web/src/modules/${n.module}`;
  const files: PlannedFile[] = [
    { path: `${contract}/${n.file}.ts`, action: 'create', content: declarationSource(spec, n) },
    {
      path: 'packages/contract/src/registry.ts',
      action: 'edit',
      edits: [
        { kind: 'import', line: `import { ${n.constName}, ${n.menusConst} } from './${n.module}/${n.file}.js';` },
        { kind: 'insert', opener: 'export const declarations: readonly Declaration[] = [', line: `  ${n.constName},` },
        { kind: 'insert', opener: 'export const tables = {', line: `  ${n.table}: ${n.constName},` },
        { kind: 'insert', opener: 'export const menus: readonly ModuleMenus[] = [', line: `  ${n.menusConst},` },
      ],
    },
    {
      path: 'packages/contract/src/index.ts',
      action: 'edit',
      edits: [{ kind: 'append', line: `export * from './${n.module}/${n.file}.js';` }],
    },
    { path: `${serverDir}/${n.file}.routes.ts`, action: 'create', content: routesSource(n) },
  ];
  const registerLine = `export { register${n.typeName}Routes } from './${n.file}.routes.js';`;
  files.push(
    state.server
      ? { path: `${serverDir}/index.ts`, action: 'edit', edits: [{ kind: 'append', line: registerLine }] }
      : { path: `${serverDir}/index.ts`, action: 'create', content: `${registerLine}\n` },
    {
      path: 'server/src/app.ts',
      action: 'edit',
      edits: [
        { kind: 'import', line: `import { register${n.typeName}Routes } from './modules/${n.module}/index.js';` },
        {
          kind: 'before',
          marker: '  // Last: it schedules the handlers every module before it has registered.',
          line: `  register${n.typeName}Routes(app, ctx, base);`,
        },
      ],
    },
    { path: `${webDir}/views/${n.file}.tsx`, action: 'create', content: viewSource(spec, n) },
  );
  const texts = JSON.stringify(menuTexts(spec));
  const registerView = `  registerView('${n.viewPath}', () => import('./views/${n.file}'));`;
  const install = `install${n.moduleName}`;
  if (state.web) {
    // The module's own directory is translated by the module already: a directory given in one
    // language only (the same words in all three) adds no names that would hide those.
    const menu = spec.menu;
    const own =
      menu !== undefined &&
      menu['zh-cn'] === menu['zh-tw'] &&
      menu['zh-cn'] === menu.en &&
      menu['zh-cn'] !== spec.label['zh-cn'];
    const names = menuTexts(spec);
    if (own) for (const locale of Object.keys(names) as (keyof typeof names)[]) delete names[locale][menu['zh-cn']];
    const ownTexts = JSON.stringify(names);
    files.push({
      path: `${webDir}/index.ts`,
      action: 'edit',
      edits: [
        { kind: 'import', line: "import { addMessages } from '../../core/i18n';" },
        { kind: 'import', line: "import { registerView } from '../../core/views';" },
        { kind: 'insert', opener: `export function ${install}() {`, line: `  addMessages('menus', ${ownTexts});` },
        { kind: 'insert', opener: `export function ${install}() {`, line: registerView },
      ],
    });
  } else {
    files.push(
      {
        path: `${webDir}/index.ts`,
        action: 'create',
        content: `import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

/** The seeded menu names of the module, in each language (menus are data, seeded in zh-cn). */
const MENUS = ${texts};

export function ${install}() {
  addMessages('menus', MENUS);
${registerView}
}
`,
      },
      {
        path: 'web/src/modules/index.ts',
        action: 'edit',
        edits: [
          { kind: 'import', line: `import { ${install} } from './${n.module}';` },
          { kind: 'insert', opener: 'export function installModules() {', line: `  ${install}();` },
        ],
      },
    );
  }
  return files;
}

/** The paths a plan may write: only the entity's module folders and the registration files. */
export function isAllowedPath(module: string, file: string): boolean {
  if (file.includes('..') || file.includes('\\') || file.startsWith('/') || /[^A-Za-z0-9_./-]/.test(file)) return false;
  const registrations = [
    'packages/contract/src/registry.ts',
    'packages/contract/src/index.ts',
    'server/src/app.ts',
    'web/src/modules/index.ts',
    'server/src/db/migrations/index.ts',
  ];
  if (registrations.includes(file)) return true;
  if (new RegExp(`^server/src/db/migrations/\\d{14}_${module}_create-[a-z0-9-]+\\.ts$`).test(file)) return true;
  return [`packages/contract/src/${module}/`, `server/src/modules/${module}/`, `web/src/modules/${module}/`].some(
    (dir) => file.startsWith(dir),
  );
}

/** The migration file and its place in the list (server/src/db/migrations/index.ts). */
export function planMigration(name: string, content: string): PlannedFile[] {
  const id = `m${name.slice(0, 14)}`;
  return [
    { path: `server/src/db/migrations/${name}.ts`, action: 'create', content },
    {
      path: 'server/src/db/migrations/index.ts',
      action: 'edit',
      edits: [
        { kind: 'import', line: `import { migration as ${id} } from './${name}.js';` },
        { kind: 'insert', opener: 'export const MIGRATIONS: MigrationList = {', line: `  '${name}': ${id},` },
      ],
    },
  ];
}

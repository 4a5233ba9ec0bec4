// `npm run new:entity -- <module> <path> [--label=中文,繁體,English] [--menu=目录名] [--migrate]`
//
// Scaffolds a plain CRUD entity: its declaration (the one file to edit: give it its real columns),
// and every registration around it, in the contract (declarations, tables, menus), the server (its
// routes and menu seed) and the web app (its screen, `<CrudPage entity={…} />`). A new module gets
// its folders; an existing one gets the entity added. With --migrate it also writes the migration
// (`npm run db:migration`); without, run that once the columns are right.
// See docs/architecture.md, "Adding an entity".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = process.env.BACKROOM_ROOT
  ? path.resolve(process.env.BACKROOM_ROOT)
  : path.resolve(import.meta.dirname, '..');

const pascal = (text) =>
  text
    .split(/[^A-Za-z0-9]+|(?=[A-Z])/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
const camel = (text) => {
  const p = pascal(text);
  return p[0].toLowerCase() + p.slice(1);
};
const kebab = (text) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[/_\s]+/g, '-')
    .toLowerCase();
const snake = (text) => kebab(text).replace(/-/g, '_');

/** The names one entity goes by everywhere (docs/architecture.md, section 1). */
export function namesOf(module, entityPath) {
  const file = entityPath.includes('/') ? kebab(entityPath) : `${module}-${kebab(entityPath)}`;
  return {
    module,
    path: entityPath,
    constName: camel(`${module} ${entityPath.replace(/\//g, ' ')}`),
    typeName: pascal(`${module} ${entityPath.replace(/\//g, ' ')}`),
    entityName: `${pascal(`${module} ${entityPath.replace(/\//g, ' ')}`)}Entity`,
    table: `${module}_${snake(entityPath)}`,
    file,
    router: `/${module}/${entityPath}`,
    viewPath: `modules/${module}/views/${file}.vue`,
    moduleName: pascal(module),
  };
}

/** Inserts `line` before the line that closes the block opened by `opener` (a `[` or `{` at its end). */
export function insertBeforeClose(source, opener, line) {
  const start = source.indexOf(opener);
  if (start < 0) throw new Error(`cannot find "${opener}"`);
  let depth = 0;
  for (let i = start + opener.length - 1; i < source.length; i += 1) {
    const c = source[i];
    if (c === '[' || c === '{' || c === '(') depth += 1;
    else if (c === ']' || c === '}' || c === ')') {
      depth -= 1;
      if (depth === 0) {
        const lineStart = source.lastIndexOf('\n', i) + 1;
        if (lineStart > start) return `${source.slice(0, lineStart)}${line}\n${source.slice(lineStart)}`;
        // Opened and closed on one line: the entry goes in before the bracket (the formatter lays it out).
        const before = source.slice(0, i).trimEnd();
        const comma = before.endsWith(opener.at(-1) ?? '') || before.endsWith(',') ? '' : ', ';
        return `${before}${comma}${line.trim().replace(/,$/, '')}${source.slice(i)}`;
      }
    }
  }
  throw new Error(`"${opener}" is never closed`);
}

/** Adds an import line after the file's last import. */
export function addImport(source, line) {
  if (source.includes(line)) return source;
  const imports = [...source.matchAll(/^import [^;]+;$/gms)];
  const last = imports.at(-1);
  if (!last) return `${line}\n${source}`;
  const end = (last.index ?? 0) + last[0].length;
  return `${source.slice(0, end)}\n${line}${source.slice(end)}`;
}

function write(file, text, done) {
  const full = path.join(ROOT, file);
  if (fs.existsSync(full)) throw new Error(`${file} exists already: nothing was written`);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  done.push(`wrote ${file}`);
}

function edit(file, change, done) {
  const full = path.join(ROOT, file);
  const before = fs.readFileSync(full, 'utf8');
  const after = change(before);
  if (after !== before) {
    fs.writeFileSync(full, after);
    done.push(`edited ${file}`);
  }
}

function declarationSource(n, [zh, tw, en]) {
  return `import { col } from '../core/columns.js';
import { defineEntity, type EntityRowOf } from '../core/entity.js';
import { label } from '../core/i18n.js';

/** ${en}. Scaffolded by \`npm run new:entity\`: give it its real columns, then \`npm run db:migration\`. */
export const ${n.constName} = defineEntity({
  module: '${n.module}',
  path: '${n.path}',
  entityName: '${n.entityName}',
  table: '${n.table}',
  label: label('${zh}', '${tw}', '${en}'),
  columns: {
    name: col.string({ label: label('名称', '名稱', 'Name'), min: 1, max: 100 }),
    remark: col.string({ label: label('备注', '備註', 'Remark'), nullable: true, max: 500 }),
  },
  query: { keyWordLikeFields: ['name', 'remark'] },
});

export type ${n.typeName} = EntityRowOf<typeof ${n.constName}>;
`;
}

function menuPageSource(n, zh) {
  return `menuPage('${zh}', '${n.router}', '${n.viewPath}', 'icon-menu', 99, crudPermRows(${n.constName}.perms))`;
}

function main(argv) {
  const flags = Object.fromEntries(
    argv
      .filter((a) => a.startsWith('--'))
      .map((a) => {
        const [k, ...v] = a.slice(2).split('=');
        return [k, v.join('=') || true];
      }),
  );
  const [module, entityPath] = argv.filter((a) => !a.startsWith('--'));
  if (
    !module ||
    !entityPath ||
    !/^[a-z]+$/.test(module) ||
    !/^[a-z][A-Za-z0-9]*(\/[a-z][A-Za-z0-9]*)*$/.test(entityPath)
  ) {
    console.error(
      'usage: npm run new:entity -- <module> <path> [--label=中文,繁體,English] [--menu=目录名] [--migrate]\n' +
        '  e.g. npm run new:entity -- demo goods --label=商品,商品,Goods',
    );
    return 2;
  }
  const n = namesOf(module, entityPath);
  const labels = String(flags.label ?? `${n.typeName},${n.typeName},${n.typeName}`).split(',');
  if (labels.length !== 3 || labels.some((l) => l.trim() === '' || /['\\]/.test(l))) {
    console.error('--label takes three names, zh-cn, zh-tw and en, separated by commas');
    return 2;
  }
  const [zh] = labels;
  const done = [];
  const todo = [];
  const contract = `packages/contract/src/${module}`;
  // Nothing is written unless all of it can be.
  for (const file of [`${contract}/${n.file}.ts`, `web/src/modules/${module}/views/${n.file}.tsx`]) {
    if (fs.existsSync(path.join(ROOT, file))) throw new Error(`${file} exists already: nothing was written`);
  }
  if (fs.readFileSync(path.join(ROOT, 'packages/contract/src/registry.ts'), 'utf8').includes(`  ${n.table}:`)) {
    throw new Error(`table ${n.table} is declared already: nothing was written`);
  }

  // Contract: the declaration, the registry and the exports.
  write(`${contract}/${n.file}.ts`, declarationSource(n, labels), done);
  edit(
    'packages/contract/src/registry.ts',
    (s) => {
      let out = addImport(s, `import { ${n.constName} } from './${module}/${n.file}.js';`);
      out = insertBeforeClose(out, 'export const declarations: readonly Declaration[] = [', `  ${n.constName},`);
      out = insertBeforeClose(out, 'export const tables = {', `  ${n.table}: ${n.constName},`);
      return out;
    },
    done,
  );
  edit('packages/contract/src/index.ts', (s) => `${s.trimEnd()}\nexport * from './${module}/${n.file}.js';\n`, done);

  // Menus: a new module gets its menu file; an existing one is told what to add.
  const menusFile = `${contract}/menus.ts`;
  const menusConst = `${camel(module)}Menus`;
  if (!fs.existsSync(path.join(ROOT, menusFile))) {
    const directory = String(flags.menu ?? zh);
    write(
      menusFile,
      `import { crudPermRows, defineMenus, menuDirectory, menuPage } from '../core/menu.js';
import { ${n.constName} } from './${n.file}.js';

/** The ${module} module's menus; bump the version when an existing install should receive new entries. */
export const ${menusConst} = defineMenus('${module}', '1', [
  menuDirectory('${directory}', 'icon-menu', 50, [
    ${menuPageSource(n, zh)},
  ]),
]);
`,
      done,
    );
    edit(
      'packages/contract/src/registry.ts',
      (s) =>
        insertBeforeClose(
          addImport(s, `import { ${menusConst} } from './${module}/menus.js';`),
          'export const menus: readonly ModuleMenus[] = [',
          `  ${menusConst},`,
        ),
      done,
    );
    edit('packages/contract/src/index.ts', (s) => `${s.trimEnd()}\nexport * from './${module}/menus.js';\n`, done);
  } else {
    todo.push(
      `add the page to ${menusFile} and bump its version:\n      ${menuPageSource(n, zh)}` +
        `\n      (import { ${n.constName} } from './${n.file}.js'; and crudPermRows, menuPage from '../core/menu.js')`,
    );
  }

  // Server: the standard routes and the menu seed.
  const serverDir = `server/src/modules/${module}`;
  if (!fs.existsSync(path.join(ROOT, serverDir))) {
    write(
      `${serverDir}/${module}.module.ts`,
      `import { ${menusConst}, ${n.constName} } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { createCrud, mountCrud } from '../../core/crud/factory.js';
import { menuSeed, type SysMenuService } from '../base/index.js';

/** The ${module} module: its entities' standard routes and its menus. */
export async function register${n.moduleName}(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  mountCrud(app, ctx, createCrud(ctx, ${n.constName}));
  ctx.seeds.add(menuSeed(${menusConst}, base.menus));
}
`,
      done,
    );
    write(`${serverDir}/index.ts`, `export { register${n.moduleName} } from './${module}.module.js';\n`, done);
    edit(
      'server/src/app.ts',
      (s) => {
        const marker = '  // Last: it schedules the handlers every module before it has registered.';
        if (!s.includes(marker)) throw new Error('server/src/app.ts: cannot find where modules register');
        return addImport(s, `import { register${n.moduleName} } from './modules/${module}/index.js';`).replace(
          marker,
          `  await register${n.moduleName}(app, ctx, base);\n${marker}`,
        );
      },
      done,
    );
  } else {
    todo.push(
      `mount its routes in ${serverDir}/${module}.module.ts:\n      mountCrud(app, ctx, createCrud(ctx, ${n.constName}));`,
    );
  }

  // Web: the screen, registered under the family's viewPath.
  const webDir = `web/src/modules/${module}`;
  write(
    `${webDir}/views/${n.file}.tsx`,
    `import { ${n.constName} } from '@backroom/contract';
import { CrudPage } from '../../../core/crud/CrudPage';

/** ${labels[2]}: the screen its declaration gives (docs/architecture.md, "Adding an entity"). */
export default function ${n.typeName}View() {
  return <CrudPage entity={${n.constName}} />;
}
`,
    done,
  );
  const register = `  registerView('${n.viewPath}', () => import('./views/${n.file}'));`;
  if (!fs.existsSync(path.join(ROOT, `${webDir}/index.ts`))) {
    const directory = String(flags.menu ?? zh);
    const names = (i) =>
      JSON.stringify(
        Object.fromEntries([
          [directory, i === 2 ? pascal(module) : directory],
          [zh, labels[i]],
        ]),
      );
    write(
      `${webDir}/index.ts`,
      `import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

/** The seeded menu names of the module, in each language (menus are data, seeded in zh-cn). */
const MENUS = { 'zh-cn': ${names(0)}, 'zh-tw': ${names(1)}, en: ${names(2)} };

export function install${n.moduleName}() {
  addMessages('menus', MENUS);
${register}
}
`,
      done,
    );
    edit(
      'web/src/modules/index.ts',
      (s) =>
        insertBeforeClose(
          addImport(s, `import { install${n.moduleName} } from './${module}';`),
          'export function installModules() {',
          `  install${n.moduleName}();`,
        ),
      done,
    );
  } else {
    edit(
      `${webDir}/index.ts`,
      (s) =>
        insertBeforeClose(
          addImport(s, "import { registerView } from '../../core/views';"),
          `export function install${n.moduleName}() {`,
          register,
        ),
      done,
    );
    todo.push(`name the menu page in the other languages: the menus map in ${webDir}/index.ts ('${zh}')`);
  }

  // The house format, so the new and edited files read like the rest.
  const touched = done.map((line) => line.replace(/^(wrote|edited) /, ''));
  execFileSync('npx', ['biome', 'check', '--write', ...touched], { cwd: ROOT, stdio: 'ignore' });
  if (flags.migrate) {
    execFileSync('npx', ['tsx', 'server/src/db/generate.ts', module, `create-${kebab(entityPath)}`], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  } else {
    todo.unshift(
      `give ${contract}/${n.file}.ts its real columns, then: npm run db:migration -- ${module} create-${kebab(entityPath)}`,
    );
  }
  console.log(done.map((line) => `  ${line}`).join('\n'));
  if (todo.length > 0) console.log(`Left to you:\n${todo.map((line) => `  - ${line}`).join('\n')}`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(`new:entity: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

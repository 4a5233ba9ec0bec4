// `npm run new:entity -- <module> <path> [--label=中文,繁體,English] [--menu=目录名] [--migrate]`
//
// Scaffolds a plain CRUD entity: its declaration with its menus (the one file to edit: give it its
// real columns), and every registration around it, in the contract (declarations, tables, menus),
// the server (its routes and menu seed) and the web app (its screen, `<CrudPage entity={…} />`).
// A new module gets its folders; an existing one gets the entity added. With --migrate it also
// writes the migration (`npm run db:migration`); without, run that once the columns are right.
// The files come from the one generator (packages/contract/src/helper/codegen.ts and its plan,
// entity-plan.ts), which the AI fast-coding helper (base/coding) uses too. See
// docs/architecture.md, "Adding an entity".
// Runs under tsx (the generator is TypeScript): `npm run new:entity` does.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ENTITY_PATH, entitySpecSchema, MODULE_NAME, namesOf } from '../packages/contract/src/helper/codegen.ts';
import { planEntity } from '../packages/contract/src/helper/entity-plan.ts';
import { preparePlan, writePrepared } from '../server/src/core/source-tree.ts';

const ROOT = process.env.BACKROOM_ROOT
  ? path.resolve(process.env.BACKROOM_ROOT)
  : path.resolve(import.meta.dirname, '..');

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
  if (!module || !entityPath || !MODULE_NAME.test(module) || !ENTITY_PATH.test(entityPath)) {
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
  const label = { 'zh-cn': labels[0], 'zh-tw': labels[1], en: labels[2] };
  const menu = flags.menu
    ? { 'zh-cn': String(flags.menu), 'zh-tw': String(flags.menu), en: String(flags.menu) }
    : undefined;
  const spec = entitySpecSchema.parse({
    module,
    path: entityPath,
    label,
    menu,
    fields: [
      {
        name: 'name',
        kind: 'string',
        label: { 'zh-cn': '名称', 'zh-tw': '名稱', en: 'Name' },
        required: true,
        length: 100,
        search: true,
      },
      {
        name: 'remark',
        kind: 'string',
        label: { 'zh-cn': '备注', 'zh-tw': '備註', en: 'Remark' },
        length: 500,
        search: true,
      },
    ],
  });
  if (fs.readFileSync(path.join(ROOT, 'packages/contract/src/registry.ts'), 'utf8').includes(`  ${n.table}:`)) {
    throw new Error(`table ${n.table} is declared already: nothing was written`);
  }
  const exists = (dir) => fs.existsSync(path.join(ROOT, dir, 'index.ts'));
  const plan = planEntity(spec, {
    contract: fs.existsSync(path.join(ROOT, 'packages/contract/src', module)),
    server: exists(`server/src/modules/${module}`),
    web: exists(`web/src/modules/${module}`),
  });
  // Nothing is written unless all of it can be.
  const writes = preparePlan(ROOT, module, plan);
  writePrepared(ROOT, writes);
  const todo = [];
  if (flags.migrate) {
    execFileSync('npx', ['tsx', 'server/src/db/generate.ts', ...n.migration.split(' ')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  } else {
    todo.push(
      `give packages/contract/src/${module}/${n.file}.ts its real columns, then: npm run db:migration -- ${n.migration}`,
    );
  }
  console.log(writes.map((w) => `  ${w.action === 'edit' ? 'edited' : 'wrote'} ${w.path}`).join('\n'));
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

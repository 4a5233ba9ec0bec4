import type { Label, Locale } from '@backroom/contract';
import type { DbKind } from '../config.js';
import { type Db, formatTime } from './index.js';
import type { SchemaSession } from './schema-lock.js';

/**
 * A module's initial rows. Migrations only shape tables; what goes into them at first (the admin
 * user, the menus, the starter dictionaries, the system tasks) is a seed step of the module that
 * owns the data, registered while the module is, and run after the migrations, under the same
 * cross-instance lock, each step in its own transaction.
 */
export type SeedStep = {
  readonly module: string;
  /** Unique within the module; with it, the key its version is recorded under. */
  readonly name: string;
  /**
   * `once`: runs until it has run at this version (bump the version to run it again on installs
   * that ran an older one: new menus for an existing install). `always`: at every start, for
   * steps that only add what is missing and must follow the installed handlers or modules.
   */
  readonly when: { readonly once: string } | 'always';
  /**
   * false: the step neither runs nor is recorded at this start (a switch that is off, DEMO_MENUS),
   * so it runs at the first start with the switch on. Unset: true.
   */
  readonly enabled?: boolean;
  run(trx: Db, kind: DbKind): Promise<void>;
};

export type SeedRegistry = {
  add(step: SeedStep): void;
  /** The steps in the order they were added: a module's steps run after those of the modules it builds on. */
  readonly steps: readonly SeedStep[];
};

export function createSeedRegistry(): SeedRegistry {
  const steps: SeedStep[] = [];
  return {
    add(step) {
      if (steps.some((s) => s.module === step.module && s.name === step.name)) {
        throw new Error(`seed step ${step.module}:${step.name} is added twice`);
      }
      steps.push(step);
    },
    steps,
  };
}

/**
 * Where a once-step's version is recorded: a row of base_sys_conf. The key's form is the one the
 * menu seeds of release 0.1.0 wrote (`seed:menus:base`), so an upgraded install keeps its record.
 */
export const seedKey = (step: Pick<SeedStep, 'module' | 'name'>) => `seed:${step.name}:${step.module}`;

const CONF = 'base_sys_conf';

/** Runs the steps that are due, in order; call it under the schema lock. Returns the keys it ran. */
export async function runSeeds(session: SchemaSession, steps: readonly SeedStep[]): Promise<string[]> {
  const ran: string[] = [];
  for (const step of steps) {
    if (step.enabled === false) continue;
    const key = seedKey(step);
    const done = await session.transaction(async (trx) => {
      const db = trx.withTables<{ [CONF]: { cKey: string; cValue: string; createTime: string; updateTime: string } }>();
      if (step.when !== 'always') {
        const recorded = await db.selectFrom(CONF).select('cValue').where('cKey', '=', key).executeTakeFirst();
        if (recorded?.cValue === step.when.once) return false;
        await step.run(trx, session.kind);
        const now = formatTime();
        if (recorded) {
          await db.updateTable(CONF).set({ cValue: step.when.once, updateTime: now }).where('cKey', '=', key).execute();
        } else {
          await db
            .insertInto(CONF)
            .values({ cKey: key, cValue: step.when.once, createTime: now, updateTime: now })
            .execute();
        }
        return true;
      }
      await step.run(trx, session.kind);
      return true;
    });
    if (done) ran.push(key);
  }
  return ran;
}

/**
 * A parameter (base/sys/param) a seed adds, its words in every seed language; its value is the same
 * in every language (a number, a JSON object) or written in each.
 */
export type SeededParam = {
  keyName: string;
  name: Label;
  dataType: 0 | 1 | 2;
  data: string | Label;
  remark: Label;
};

/** Adds a parameter where none has its key, written in the seed language; an existing one is left as the operator has it. */
export async function insertParamIfMissing(trx: Db, param: SeededParam, locale: Locale): Promise<void> {
  const found = await trx
    .selectFrom('base_sys_param')
    .select('id')
    .where('keyName', '=', param.keyName)
    .executeTakeFirst();
  if (found) return;
  const now = formatTime();
  await trx
    .insertInto('base_sys_param')
    .values({
      keyName: param.keyName,
      name: param.name[locale],
      dataType: param.dataType,
      data: typeof param.data === 'string' ? param.data : param.data[locale],
      remark: param.remark[locale],
      createTime: now,
      updateTime: now,
    })
    .execute();
}

/**
 * The seed step that adds a parameter where it is missing, at every start; an operator may change
 * its value later (the export cap, the session limit).
 */
export function paramSeed(module: string, name: string, param: SeededParam, locale: Locale): SeedStep {
  return { module, name, when: 'always', run: (trx) => insertParamIfMissing(trx, param, locale) };
}

import {
  crudPermRows,
  type Declaration,
  type Entity,
  type MenuNode,
  type MenuParse,
  MODULE_NAME,
  menuPages,
  menus,
  namesOf,
  parseCreateTable,
  SqlParseError,
  STANDARD_ACTIONS,
  tableToSpec,
} from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import { badRequest } from '../../core/errors.js';
import type { SysMenuService } from './sys-menu.service.js';

/** `demo/goods`, its entityName, its table or its URL prefix: the served entity it names. */
function findEntity(declarations: readonly Declaration[], name: string): Entity | undefined {
  const wanted = name.trim().replace(/^\/?(admin\/)?/, '');
  return declarations.find(
    (d): d is Entity =>
      d.kind === 'entity' &&
      (`${d.module}/${d.path}` === wanted ||
        d.entityName === name ||
        d.table === name ||
        d.prefix === `/admin/${wanted}`),
  );
}

/** The page the seeded menus give the entity (its router and viewPath), else the generator's names. */
function pageOf(entity: Entity): { router: string; viewPath: string } {
  const page = menuPages(menus.flatMap((m) => m.tree)).find((p) =>
    (p.childMenus ?? []).some((c) => (c.perms ?? '').split(',').includes(entity.perms.page ?? '')),
  );
  if (page?.router && page.viewPath) return { router: page.router, viewPath: page.viewPath };
  const n = namesOf(entity.module, entity.path);
  return { router: n.router, viewPath: n.viewPath };
}

/**
 * Menu parse and create (SPEC §7): what a CRUD screen of an entity needs, read from its
 * declaration (data only: nothing is evaluated) or from a table's SQL; and the menu page of an
 * entity with its permission rows, written in one transaction.
 */
export function createMenuParseService(declarations: readonly Declaration[], menuService: SysMenuService) {
  function fromDeclaration(entity: Entity): MenuParse {
    const { query } = entity;
    return {
      source: 'declaration',
      entity: `${entity.module}/${entity.path}`,
      label: entity.label,
      table: entity.table,
      ...pageOf(entity),
      columns: Object.entries(entity.columns)
        .filter(([, c]) => !c.hidden)
        .map(([name, c]) => ({
          name,
          kind: c.kind,
          label: c.label,
          nullable: c.nullable,
          length: c.length ?? null,
          dict: c.dict ?? null,
          values: c.values ? [...c.values] : null,
          search: query.keyWordLikeFields.includes(name)
            ? 'keyword'
            : query.fieldEq.includes(name)
              ? 'eq'
              : query.fieldLike.includes(name)
                ? 'like'
                : null,
        })),
      perms: entity.endpoints.flatMap((e) => (e.perm ? [{ action: e.action, perm: e.perm }] : [])),
      warnings: [],
    };
  }

  function fromSql(sql: string): MenuParse {
    try {
      const table = parseCreateTable(sql);
      const [first, ...rest] = table.name.split('_');
      const module = first && rest.length > 0 && MODULE_NAME.test(first) ? first : 'app';
      const bare = module === first ? rest.join('_') : table.name;
      const entityPath =
        bare.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()).replace(/^[^a-z]+/, '') || 'item';
      const { spec, skipped, warnings } = tableToSpec(table, { module, path: entityPath });
      const n = namesOf(spec.module, spec.path);
      const prefix = `${n.module}:${n.path.replace(/\//g, ':')}`;
      return {
        source: 'sql',
        entity: null,
        label: spec.label,
        table: table.name,
        router: n.router,
        viewPath: n.viewPath,
        columns: spec.fields.map((f) => ({
          name: f.name,
          kind: f.kind,
          label: f.label,
          nullable: !f.required,
          length: f.kind === 'string' ? (f.length ?? 255) : null,
          dict: null,
          values: f.values ?? null,
          search: null,
        })),
        perms: STANDARD_ACTIONS.map((action) => ({ action, perm: `${prefix}:${action}` })),
        warnings: [...skipped.map((s) => `${s.column}: ${s.reason}`), ...warnings],
      };
    } catch (error) {
      if (error instanceof SqlParseError) throw badRequest('menu.badSql', { reason: error.message });
      throw error;
    }
  }

  return {
    parse(input: { entity?: string; sql?: string }): MenuParse {
      if (input.sql !== undefined) return fromSql(input.sql);
      const entity = findEntity(declarations, input.entity ?? '');
      if (!entity) throw badRequest('menu.noEntity', { name: input.entity ?? '' });
      return fromDeclaration(entity);
    },

    async create(
      input: { entity: string; parentId: number | null; name?: string; icon?: string; orderNum?: number },
      session: Session | null,
    ): Promise<{ id: number }> {
      const entity = findEntity(declarations, input.entity);
      if (!entity) throw badRequest('menu.noEntity', { name: input.entity });
      const { router, viewPath } = pageOf(entity);
      const page: MenuNode = {
        name: input.name ?? entity.label['zh-cn'],
        type: 1,
        router,
        viewPath,
        icon: input.icon ?? 'icon-menu',
        orderNum: input.orderNum ?? 99,
        keepAlive: true,
        isShow: true,
        childMenus: crudPermRows(entity.perms),
      };
      return { id: await menuService.insertPage(page, input.parentId, session, `${entity.module}/${entity.path}`) };
    },
  };
}

export type MenuParseService = ReturnType<typeof createMenuParseService>;

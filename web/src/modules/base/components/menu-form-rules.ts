import { type MenuType, type SysMenu, sysMenu } from '@backroom/contract';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../core/crud/zod-rule';

/** The menu form's own checks beside the schema's: what each type requires, routers, parents of permissions. */
export function useMenuRules(
  type: MenuType,
  rows: readonly SysMenu[],
  labelOf: (key: keyof typeof sysMenu.columns) => string,
) {
  const { t } = useTranslation();

  const required = (field: string): Rule => ({
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
        throw new Error(t('validation.required', { field }));
      }
    },
  });

  const router: Rule[] = [
    ...(type === 1 ? [required(labelOf('router'))] : []),
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value === 'string' && value.trim() !== '' && !value.trim().startsWith('/')) {
          throw new Error(t('base.menu.routerSlash'));
        }
      },
    },
    zodRule(sysMenu.schemas.create.shape.router, labelOf('router')),
  ];

  const parent: Rule[] = [
    required(labelOf('parentId')),
    {
      validator: async (_rule, value: unknown) => {
        if (type !== 2 || value === undefined) return;
        const chosen = rows.find((r) => r.id === value);
        if (!chosen || chosen.type === 2) throw new Error(t('base.menu.permParent'));
      },
    },
  ];

  const name: Rule[] = [required(labelOf('name')), zodRule(sysMenu.schemas.create.shape.name, labelOf('name'))];
  const orderNum: Rule[] = [
    required(labelOf('orderNum')),
    zodRule(sysMenu.schemas.create.shape.orderNum, labelOf('orderNum')),
  ];
  const icon: Rule[] = [required(labelOf('icon'))];

  return { name, parent, router, orderNum, icon };
}

import { filterTree, flattenTree, sysMenu } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { saveFile } from '../../../core/download';
import { events } from '../../../core/events';
import { menuName } from '../../../core/i18n';
import { call } from '../../../core/request';
import { buildMenuRows, countNodes, exportFileName, type MenuRow } from '../components/menu-data';

const LIST_KEY = ['base', 'menu', 'list'] as const;

/**
 * The menu screen's data: every menu as a tree, the keyword that cuts it, which rows are open and
 * chosen, and the changes (delete, order, export). Every change reloads the sidebar too.
 */
export function useMenuList() {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [exporting, setExporting] = useState(false);

  const query = useQuery({
    queryKey: LIST_KEY,
    queryFn: () => call(sysMenu.api.list, {}),
  });
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const tree = useMemo(() => buildMenuRows(rows), [rows]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: translated names follow the language.
  const shown = useMemo(() => {
    const word = keyword.trim().toLowerCase();
    if (!word) return tree;
    // A matching directory shows with everything in it.
    return filterTree(
      tree,
      (r) => [r.name, menuName(r.name), r.router, r.perms, r.viewPath].some((v) => v?.toLowerCase().includes(word)),
      'all',
    );
  }, [tree, keyword, i18n.language]);

  const parentIds = useMemo(() => rows.filter((r) => rows.some((c) => c.parentId === r.id)).map((r) => r.id), [rows]);
  // Until the user opens or closes rows, directories start open: the pages show, their permissions do not.
  const expandedKeys = expanded ?? rows.filter((r) => r.type === 0).map((r) => r.id);
  const allExpanded = parentIds.length > 0 && parentIds.every((id) => expandedKeys.includes(id));

  const search = (word: string) => {
    setKeyword(word);
    // A search opens every row, so the matches show wherever they sit.
    setExpanded(word.trim() ? flattenTree(tree).map(({ node }) => node.id) : null);
  };
  const toggleAll = () => setExpanded(allExpanded ? [] : parentIds);

  const changed = async () => {
    events.emit('menu:reload', undefined);
    await queryClient.invalidateQueries({ queryKey: LIST_KEY });
  };

  const remove = async (row: MenuRow) => {
    await call(sysMenu.api.delete, { ids: [row.id] });
    void message.success(t('crud.deleted'));
    setSelected((keys) => keys.filter((k) => rows.some((r) => r.id === k && r.id !== row.id)));
    await changed();
  };

  const order = async (row: MenuRow, orderNum: number) => {
    await call(sysMenu.api.update, { id: row.id, orderNum });
    void message.success(t('crud.saved'));
    await changed();
  };

  const exportChosen = async () => {
    if (selected.length === 0) {
      void message.warning(t('base.menu.export.choose'));
      return;
    }
    setExporting(true);
    try {
      const nodes = await call(sysMenu.api.export, { ids: selected.map(Number) });
      saveFile(exportFileName(new Date()), `${JSON.stringify(nodes, null, 2)}\n`, 'application/json');
      void message.success(t('base.menu.export.done', { count: countNodes(nodes) }));
    } finally {
      setExporting(false);
    }
  };

  return {
    query,
    rows,
    shown,
    keyword,
    search,
    expandedKeys,
    setExpanded,
    allExpanded,
    toggleAll,
    selected,
    setSelected,
    exporting,
    changed,
    remove,
    order,
    exportChosen,
  };
}

export type MenuList = ReturnType<typeof useMenuList>;

import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame of a role's permission tree: a spinner while it loads, an empty state, a notice
 * (`blocked`) when the tree cannot be shown, otherwise the tree.
 */
export function PermTreeBox({
  id,
  loading,
  empty,
  blocked,
  children,
}: {
  id: string | undefined;
  loading: boolean;
  empty: boolean;
  blocked?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const state =
    blocked ??
    (loading ? (
      <Spin />
    ) : empty ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
    ) : null);
  return (
    <div className={state ? 'perm-tree-box perm-tree-empty' : 'perm-tree-box'} id={id}>
      {state ?? children}
    </div>
  );
}

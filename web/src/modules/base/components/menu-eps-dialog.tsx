import { baseOpen, type SysMenu } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Input, Select, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../core/request';
import { type EpsEntity, entityLabel } from './menu-data';

/*
 * What the menu screen's dialogs that start from an entity EPS serves share (the permission
 * quick-add, the screen for an entity): their props and frame, EPS read while one is open, the
 * entity chooser and the name field.
 */

export type MenuDialogProps = {
  open: boolean;
  /** The menu rows as they stand (for the parent choices and what exists already). */
  rows: readonly SysMenu[];
  onClose: () => void;
  onSaved: () => void;
};

/** What such a dialog passes FormDialog alike: open while `open`, its fields kept between openings. */
export const menuDialogFrame = ({ open, onClose, onSaved }: MenuDialogProps) =>
  ({ data: open || null, onClose, onSaved, className: 'menu-form', destroyOnHidden: false }) as const;

/** The served entities (EPS), read when a dialog first opens and kept a minute. */
export function useEps(open: boolean) {
  return useQuery({
    queryKey: ['base', 'eps'],
    queryFn: () => call(baseOpen.api.eps, undefined, { silent: true }),
    enabled: open,
    staleTime: 60_000,
  });
}

/**
 * The dialog's first field: one of `entities` ("description · path"), its value what `valueFor`
 * says. When EPS cannot be read it says so, with a retry.
 */
export function EntityField({
  name,
  label,
  eps,
  entities,
  valueFor,
  onChange,
}: {
  name: string;
  label: ReactNode;
  eps: ReturnType<typeof useEps>;
  entities: readonly EpsEntity[];
  valueFor: (entity: EpsEntity) => string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {eps.isError && (
        <Alert
          type="error"
          showIcon
          title={t('eps.error')}
          className="menu-gap"
          action={
            <Button onClick={() => void eps.refetch()} size="small">
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <Form.Item name={name} label={label} rules={[{ required: true, message: t('base.menu.quick.entityRequired') }]}>
        <Select
          loading={eps.isLoading}
          placeholder={t('base.menu.quick.entityPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          options={entities.map((entity) => ({ value: valueFor(entity), label: entityLabel(entity) }))}
          onChange={onChange}
          notFoundContent={eps.isLoading ? <Spin size="small" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        />
      </Form.Item>
    </>
  );
}

/** The name the new menu row gets: required, up to 100 characters. */
export function MenuNameField({ label, placeholder }: { label: ReactNode; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="name"
      label={label}
      rules={[{ required: true, whitespace: true, message: t('base.menu.quick.nameRequired') }, { max: 100 }]}
    >
      <Input maxLength={100} placeholder={placeholder} />
    </Form.Item>
  );
}

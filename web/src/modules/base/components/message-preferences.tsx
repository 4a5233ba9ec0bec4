import { baseMessage, baseMessageSave, type MessagePreference } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Skeleton, Switch, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { call } from '../../../core/request';
import { MESSAGES_KEY } from '../hooks/use-message-stream';

/**
 * Per kind: whether its messages arrive (announcements always do) and whether they also go out
 * through the enabled notify plugin (a WeCom or DingTalk robot).
 */
export function MessagePreferences({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const prefs = useQuery({
    queryKey: [...MESSAGES_KEY, 'preferences'],
    queryFn: () => call(baseMessage.api.preferences),
    enabled: open,
  });
  const [rows, setRows] = useState<MessagePreference[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (prefs.data) setRows(prefs.data);
  }, [prefs.data]);
  const change = (kind: string, field: 'inApp' | 'viaPlugin', value: boolean) =>
    setRows((list) => list.map((row) => (row.kind === kind ? { ...row, [field]: value } : row)));
  const handleSave = async () => {
    setSaving(true);
    try {
      await call(baseMessageSave.api.preferences, {
        list: rows.map(({ kind, inApp, viaPlugin }) => ({ kind, inApp, viaPlugin })),
      });
      void message.success(t('base.message.prefsSaved'));
      await queryClient.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'preferences'] });
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('base.message.prefs')}
      onCancel={onClose}
      width={Math.min(560, window.innerWidth - 16)}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void handleSave()} data-testid="prefs-save">
          {t('common.save')}
        </Button>,
      ]}
    >
      {prefs.isPending ? (
        <Skeleton active />
      ) : (
        <Table<MessagePreference>
          rowKey="kind"
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { key: 'label', dataIndex: 'label', title: t('base.message.kind') },
            {
              key: 'inApp',
              title: t('base.message.inApp'),
              width: 90,
              render: (_v, row) => (
                <Switch
                  size="small"
                  checked={row.inApp}
                  disabled={!row.optional}
                  aria-label={`${row.label} ${t('base.message.inApp')}`}
                  onChange={(value) => change(row.kind, 'inApp', value)}
                />
              ),
            },
            {
              key: 'viaPlugin',
              title: t('base.message.viaPlugin'),
              width: 90,
              render: (_v, row) => (
                <Switch
                  size="small"
                  checked={row.viaPlugin}
                  aria-label={`${row.label} ${t('base.message.viaPlugin')}`}
                  onChange={(value) => change(row.kind, 'viaPlugin', value)}
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}

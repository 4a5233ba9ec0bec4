import { type DemoTenantRow, type DemoUntenantedRow, demoTenant } from '@backroom/contract';
import { Button, Card, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../core/crud/CrudPage';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';

type Verb = 'use' | 'noUse' | 'noTenant';
type Shown = { verb: Verb; rows: Array<DemoTenantRow | DemoUntenantedRow> };

/**
 * The tenant demo (/demo/tenant): the rows of the operator's tenant as the CRUD kit manages them,
 * and the three calls side by side: this tenant's rows, every tenant's (a superuser's only) and
 * the rows of an entity kept without tenants.
 */
export default function TenantDemo() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState<Verb | null>(null);
  const can = {
    use: usePerm(demoTenant.perms.use),
    noUse: usePerm(demoTenant.perms.noUse),
    noTenant: usePerm(demoTenant.perms.noTenant),
  };
  const run = async (verb: Verb) => {
    setBusy(verb);
    try {
      const rows = await call(demoTenant.api[verb]);
      setShown({ verb, rows });
    } catch {
      // The request layer has shown the refusal (noUse for anyone but a superuser).
    } finally {
      setBusy(null);
    }
  };
  const verbs: Verb[] = ['use', 'noUse', 'noTenant'];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CrudPage entity={demoTenant} />
      <Card title={t('demo.tenant.calls')} size="small">
        <Typography.Paragraph type="secondary">{t('demo.tenant.intro')}</Typography.Paragraph>
        <Space wrap>
          {verbs
            .filter((verb) => can[verb])
            .map((verb) => (
              <Button key={verb} loading={busy === verb} onClick={() => void run(verb)} data-testid={`tenant-${verb}`}>
                {t(`demo.tenant.${verb}`)}
              </Button>
            ))}
        </Space>
        {shown && (
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey="id"
            pagination={false}
            caption={t(`demo.tenant.${shown.verb}`)}
            dataSource={shown.rows}
            columns={[
              { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
              { key: 'title', dataIndex: 'title', title: t('demo.tenant.title') },
              ...(shown.verb === 'noTenant'
                ? []
                : [
                    {
                      key: 'tenantId',
                      dataIndex: 'tenantId',
                      title: t('demo.tenant.tenant'),
                      render: (value: number | null) => value ?? t('demo.tenant.none'),
                    },
                  ]),
              { key: 'createTime', dataIndex: 'createTime', title: t('demo.tenant.createTime'), width: 170 },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}

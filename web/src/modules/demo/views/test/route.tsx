import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTabRoute } from '../../../../core/route-context';

/** /demo/test/route/:id/:name? — shows its parameters (name is optional). */
export default function RouteParams() {
  const { t } = useTranslation();
  const { params, search } = useTabRoute();
  return (
    <Card title={t('demo.route.title')}>
      <Typography.Paragraph type="secondary">{t('demo.route.intro')}</Typography.Paragraph>
      <Descriptions bordered column={1} size="small">
        <Descriptions.Item label="id">
          <span data-testid="param-id">{params.id}</span>
        </Descriptions.Item>
        <Descriptions.Item label="name">
          <span data-testid="param-name">{params.name ?? t('demo.route.none')}</span>
        </Descriptions.Item>
        {search && <Descriptions.Item label="query">{search}</Descriptions.Item>}
      </Descriptions>
    </Card>
  );
}

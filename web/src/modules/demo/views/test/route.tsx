import { Card, Descriptions, type DescriptionsProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTabRoute } from '../../../../core/route-context';

/** /demo/test/route/:id/:name? — shows its parameters (name is optional), and the query when there is one. */
export default function RouteParams() {
  const { t } = useTranslation();
  const { params, search } = useTabRoute();
  // Built as a list: a child that renders nothing (`{search && …}` with no query) would still be a
  // row of antd's Descriptions, an empty third one.
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: 'id', children: <span data-testid="param-id">{params.id}</span> },
    {
      key: 'name',
      label: 'name',
      children: <span data-testid="param-name">{params.name ?? t('demo.route.none')}</span>,
    },
    ...(search ? [{ key: 'query', label: 'query', children: <span data-testid="param-query">{search}</span> }] : []),
  ];
  return (
    <Card title={t('demo.route.title')}>
      <Typography.Paragraph type="secondary">{t('demo.route.intro')}</Typography.Paragraph>
      <Descriptions bordered column={1} size="small" items={items} />
    </Card>
  );
}

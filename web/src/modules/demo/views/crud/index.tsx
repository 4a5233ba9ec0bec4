import { demoGoods } from '@backroom/contract';
import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../../core/crud/CrudPage';

/**
 * The CRUD demo (/demo/crud, the family's modules/demo/views/crud/index.vue): the goods, a screen
 * derived from the declaration that shows the whole CRUD page kit at once: a picture and a list of
 * pictures from the file space, rich text, a dictionary select, a money input, a switch, text and
 * choice filters, column settings, and Excel export and import. Only the status is set by hand
 * (a switch rather than the derived select).
 */
export default function GoodsCrud() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={demoGoods}
      formWidth={760}
      overrides={{
        status: {
          column: {
            width: 100,
            render: (value) =>
              value === 1 ? <Tag color="green">{t('demo.crud.enabled')}</Tag> : <Tag>{t('demo.crud.disabled')}</Tag>,
          },
          field: {
            input: <Switch checkedChildren={t('demo.crud.enabled')} unCheckedChildren={t('demo.crud.disabled')} />,
            valuePropName: 'checked',
            format: (value) => value === 1,
            parse: (checked) => (checked ? 1 : 0),
          },
        },
        exampleImages: { column: { hidden: true } },
        description: { column: { hidden: true } },
        nickName: { column: { width: 140 } },
      }}
    />
  );
}

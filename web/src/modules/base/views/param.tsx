import { PARAM_DATA_TYPES, type ParamDataType, sysParam } from '@backroom/contract';
import { Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../core/crud/CrudPage';
import { FileInput } from '../../space';

const COLORS: Record<ParamDataType, string> = { 0: 'blue', 1: 'purple', 2: 'green' };

/** Parameters: string, rich text or file; a key is required and a JSON-looking string must be JSON. */
export default function Params() {
  const { t } = useTranslation();
  const typeOptions = PARAM_DATA_TYPES.map((value) => ({ value, label: t(`base.param.types.${value}`) }));
  return (
    <CrudPage
      entity={sysParam}
      columns={[
        { key: 'name', width: 180 },
        { key: 'keyName', width: 180 },
        { key: 'data', width: 280, sortable: false },
        {
          key: 'dataType',
          width: 110,
          render: (v) => <Tag color={COLORS[v as ParamDataType]}>{t(`base.param.types.${String(v)}`)}</Tag>,
        },
        { key: 'remark', width: 200 },
        { key: 'updateTime', width: 170 },
      ]}
      filters={[{ name: 'dataType', label: t('base.param.type'), options: typeOptions }]}
      defaults={{ dataType: 0 }}
      fields={[
        { name: 'name' },
        { name: 'keyName' },
        { name: 'dataType', input: <Select options={typeOptions} /> },
        { name: 'remark' },
        {
          name: 'data',
          span: 24,
          tooltip: t('base.param.dataHint'),
          when: (values) => values.dataType !== 2,
          input: <Input.TextArea rows={6} />,
        },
        // A file parameter holds an address: typed, or chosen from the file space.
        { name: 'data', span: 24, when: (values) => values.dataType === 2, input: <FileInput /> },
      ]}
    />
  );
}

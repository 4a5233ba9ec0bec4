import { type ParamDataType, sysParam } from '@backroom/contract';
import { Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../core/crud/CrudPage';
import { FileInput } from '../../space';

const COLORS: Record<ParamDataType, string> = { 0: 'blue', 1: 'purple', 2: 'green' };

/**
 * Parameters: the screen the declaration gives (columns, the type filter, the form and its
 * defaults), with what is particular to parameters: a coloured type, the update time, and a data
 * field that is a text (a JSON-looking one must be JSON, the server checks) or a file's address.
 */
export default function Params() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={sysParam}
      overrides={{
        dataType: { column: { render: (value) => <Tag color={COLORS[value]}>{t(`base.param.types.${value}`)}</Tag> } },
        data: {
          column: { sortable: false },
          field: [
            {
              tooltip: t('base.param.dataHint'),
              when: (values) => values.dataType !== 2,
              input: <Input.TextArea rows={6} />,
            },
            // A file parameter holds an address: typed, or chosen from the file space.
            { when: (values) => values.dataType === 2, input: <FileInput /> },
          ],
        },
        // At 1440 px the list fits without scrolling; the remark waits in the column settings.
        remark: { column: { hidden: true } },
        createTime: { column: false },
        updateTime: { column: { width: 170 } },
      }}
    />
  );
}

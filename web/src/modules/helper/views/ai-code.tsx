import { CodeOutlined, DeleteOutlined, EyeOutlined, PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { baseCoding, CODING_KINDS, type CodingPreview, type EntitySpecInput, LOCALES } from '@backroom/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Collapse,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import './ai-code.css';

type Values = EntitySpecInput;

const blankLabel = { 'zh-cn': '', 'zh-tw': '', en: '' };
const blankField = {
  name: '',
  kind: 'string' as const,
  label: blankLabel,
  required: false,
  list: true,
  search: false,
  length: 100,
};
const START: Values = {
  module: '',
  path: '',
  label: blankLabel,
  fields: [{ ...blankField }],
};

/** The form's values as the server reads them: an empty menu directory or dictionary is none. */
function specOf(values: Values): Values {
  const menu = values.menu && LOCALES.every((l) => values.menu?.[l]?.trim()) ? values.menu : undefined;
  return {
    ...values,
    menu,
    fields: values.fields.map((f) => ({
      ...f,
      dict: f.dict?.trim() || undefined,
      length: f.kind === 'string' ? f.length : undefined,
    })),
  };
}

/**
 * AI fast coding: describe an entity by the form (or in words, through the configured AI
 * endpoint), preview every file Backroom needs for it, and, on a development server, write them.
 * A cached page: its tab keeps the form and the preview while other tabs are used.
 */
export default function AiCode() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<CodingPreview | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const previewRef = useRef<HTMLDivElement>(null);
  // A new preview is brought into sight (it lands below the form).
  useEffect(() => {
    if (preview) previewRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [preview]);
  const canDescribe = usePerm(baseCoding.perms.describe);
  const canWrite = usePerm(baseCoding.perms.createCode);
  const status = useQuery({ queryKey: ['base', 'coding', 'status'], queryFn: () => call(baseCoding.api.status) });
  const writable = status.data?.writable ?? false;
  const tree = useQuery({
    queryKey: ['base', 'coding', 'tree'],
    queryFn: () => call(baseCoding.api.getModuleTree, undefined, { silent: true }),
    enabled: writable,
  });

  const describe = useMutation({
    mutationFn: () => call(baseCoding.api.describe, { text }),
    onSuccess: ({ spec }) => {
      form.setFieldsValue(spec);
      setPreview(null);
      void message.success(t('helper.coding.described'));
    },
  });
  const run = useMutation({
    mutationFn: (values: Values) => call(baseCoding.api.preview, values),
    onSuccess: setPreview,
  });
  const write = useMutation({
    mutationFn: () => call(baseCoding.api.createCode, { spec: specOf(form.getFieldsValue(true) as Values), overwrite }),
    onSuccess: (answer) => void message.success(t('helper.coding.written', { count: answer.files.length + 1 })),
  });

  const chooseModule = (module: string) => {
    const directory = tree.data?.find((m) => m.module === module)?.directory;
    if (directory && !form.getFieldValue(['menu', 'zh-cn'])) {
      form.setFieldsValue({ menu: { 'zh-cn': directory, 'zh-tw': directory, en: directory } });
    }
  };

  const langName = (locale: string) => t(`helper.coding.lang.${locale}`);

  return (
    <div className="ai-code">
      {status.data && !writable && (
        <Alert type="info" showIcon className="ai-code-gap" title={t('helper.coding.previewOnly')} />
      )}
      <Card
        size="small"
        className="ai-code-gap"
        title={
          <span>
            <RobotOutlined /> {t('helper.coding.byText')}
          </span>
        }
      >
        {status.data && !status.data.ai ? (
          <Alert type="warning" showIcon title={t('helper.coding.noAi')} />
        ) : (
          <Space.Compact block>
            <Input.TextArea
              aria-label={t('helper.coding.byText')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={4000}
              autoSize={{ minRows: 2, maxRows: 6 }}
              placeholder={t('helper.coding.textPlaceholder')}
            />
            <Button
              type="primary"
              loading={describe.isPending}
              disabled={!canDescribe || text.trim() === ''}
              onClick={() => describe.mutate()}
            >
              {t('helper.coding.fill')}
            </Button>
          </Space.Compact>
        )}
      </Card>
      <Card
        size="small"
        className="ai-code-gap"
        title={
          <span>
            <CodeOutlined /> {t('helper.coding.byForm')}
          </span>
        }
      >
        <Form<Values>
          form={form}
          name="aiCode"
          layout="vertical"
          initialValues={START}
          onFinish={(values) => run.mutate(specOf(values))}
          onValuesChange={() => setPreview(null)}
        >
          <div className="ai-code-grid">
            <Form.Item
              name="module"
              label={t('helper.coding.module')}
              extra={t('helper.coding.moduleHint')}
              rules={[{ required: true, pattern: /^[a-z][a-z0-9]{0,29}$/, message: t('helper.coding.moduleRule') }]}
            >
              <AutoComplete
                options={(tree.data ?? []).map((m) => ({ value: m.module }))}
                onSelect={chooseModule}
                placeholder="shop"
              />
            </Form.Item>
            <Form.Item
              name="path"
              label={t('helper.coding.path')}
              extra={t('helper.coding.pathHint')}
              rules={[{ required: true, pattern: /^[a-z][A-Za-z0-9]{0,39}$/, message: t('helper.coding.pathRule') }]}
            >
              <Input placeholder="goods" />
            </Form.Item>
            {LOCALES.map((locale) => (
              <Form.Item
                key={locale}
                name={['label', locale]}
                label={`${t('helper.coding.label')} · ${langName(locale)}`}
                rules={[{ required: true, whitespace: true, message: t('helper.coding.labelRule') }, { max: 50 }]}
              >
                <Input maxLength={50} />
              </Form.Item>
            ))}
            {LOCALES.map((locale) => (
              <Form.Item
                key={locale}
                name={['menu', locale]}
                label={`${t('helper.coding.menu')} · ${langName(locale)}`}
              >
                <Input maxLength={50} placeholder={t('helper.coding.menuHint')} />
              </Form.Item>
            ))}
          </div>
          <Typography.Title level={5}>{t('helper.coding.fields')}</Typography.Title>
          <Form.List name="fields">
            {(rows, { add, remove }) => (
              <>
                {rows.map((row, index) => (
                  <FieldRow
                    key={row.key}
                    index={index}
                    name={row.name}
                    onRemove={rows.length > 1 ? () => remove(row.name) : undefined}
                  />
                ))}
                <Space wrap>
                  <Button icon={<PlusOutlined />} onClick={() => add({ ...blankField })}>
                    {t('helper.coding.addField')}
                  </Button>
                  <Button type="primary" htmlType="submit" icon={<EyeOutlined />} loading={run.isPending}>
                    {t('helper.coding.preview')}
                  </Button>
                </Space>
              </>
            )}
          </Form.List>
        </Form>
      </Card>
      {preview && (
        <div ref={previewRef}>
          <Card
            size="small"
            title={t('helper.coding.previewTitle')}
            extra={
              writable &&
              canWrite && (
                <Space wrap>
                  <Checkbox checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)}>
                    {t('helper.coding.overwrite')}
                  </Checkbox>
                  <Popconfirm
                    title={t('helper.coding.writeConfirm', { count: preview.files.length + 1 })}
                    onConfirm={() => write.mutate()}
                    okText={t('helper.coding.write')}
                    cancelText={t('common.cancel')}
                  >
                    <Button type="primary" loading={write.isPending}>
                      {t('helper.coding.write')}
                    </Button>
                  </Popconfirm>
                </Space>
              )
            }
          >
            <PreviewFiles preview={preview} />
          </Card>
        </div>
      )}
    </div>
  );
}

/** One field of the entity: its name, kind, labels, and what the screen does with it. */
function FieldRow({ index, name, onRemove }: { index: number; name: number; onRemove?: () => void }) {
  const { t } = useTranslation();
  const kind = Form.useWatch(['fields', name, 'kind']);
  const n = index + 1;
  return (
    <fieldset className="ai-code-field" aria-label={t('helper.coding.fieldN', { n })}>
      <Form.Item
        name={[name, 'name']}
        label={t('helper.coding.fieldName')}
        rules={[{ required: true, pattern: /^[a-z][A-Za-z0-9]{0,39}$/, message: t('helper.coding.fieldRule') }]}
      >
        <Input placeholder="title" />
      </Form.Item>
      <Form.Item name={[name, 'kind']} label={t('helper.coding.kind')}>
        <Select
          aria-label={`${t('helper.coding.kind')} ${n}`}
          options={CODING_KINDS.map((k) => ({ value: k, label: t(`helper.coding.kinds.${k}`) }))}
        />
      </Form.Item>
      {LOCALES.map((locale) => (
        <Form.Item
          key={locale}
          name={[name, 'label', locale]}
          label={`${t('helper.coding.label')} · ${t(`helper.coding.lang.${locale}`)}`}
          rules={[{ required: true, whitespace: true, message: t('helper.coding.labelRule') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
      ))}
      {kind === 'string' && (
        <Form.Item name={[name, 'length']} label={t('helper.coding.length')}>
          <InputNumber min={1} max={4000} />
        </Form.Item>
      )}
      {(kind === 'string' || kind === 'int') && (
        <Form.Item name={[name, 'dict']} label={t('helper.coding.dict')}>
          <Input placeholder="goodsType" />
        </Form.Item>
      )}
      <Form.Item label={t('helper.coding.flags')}>
        <Space wrap size={4}>
          <Form.Item name={[name, 'required']} valuePropName="checked" noStyle>
            <Checkbox>{t('helper.coding.required')}</Checkbox>
          </Form.Item>
          <Form.Item name={[name, 'list']} valuePropName="checked" noStyle>
            <Checkbox>{t('helper.coding.list')}</Checkbox>
          </Form.Item>
          <Form.Item name={[name, 'search']} valuePropName="checked" noStyle>
            <Checkbox>{t('helper.coding.search')}</Checkbox>
          </Form.Item>
          {onRemove && (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('helper.coding.removeField', { n })}
              onClick={onRemove}
            />
          )}
        </Space>
      </Form.Item>
    </fieldset>
  );
}

/** A file's text, scrollable by keyboard too. */
function Code({ label, text }: { label: string; text: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take the focus to scroll by keyboard.
    <section className="ai-code-pre" tabIndex={0} aria-label={label}>
      <pre>{text}</pre>
    </section>
  );
}

/** The files, the migration, the menu rows and the texts the preview holds. */
function PreviewFiles({ preview }: { preview: CodingPreview }) {
  const { t } = useTranslation();
  const page = preview.menus[0]?.childMenus?.[0];
  const items = [
    ...preview.files.map((file) => ({
      key: file.path,
      label: (
        <span>
          <Tag color={file.action === 'create' ? 'green' : 'blue'}>
            {t(file.action === 'create' ? 'helper.coding.new' : 'helper.coding.edit')}
          </Tag>
          <code>{file.path}</code>
        </span>
      ),
      children: <Code label={file.path} text={file.action === 'create' ? file.content : file.lines.join('\n')} />,
    })),
    {
      key: 'migration',
      label: (
        <span>
          <Tag color="green">{t('helper.coding.new')}</Tag>
          <code>{preview.migration.path}</code>
        </span>
      ),
      children: (
        <>
          <ul>
            {preview.migration.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Code label={preview.migration.path} text={preview.migration.content} />
        </>
      ),
    },
    {
      key: 'menus',
      label: t('helper.coding.menus'),
      children: page && (
        <Table
          size="small"
          rowKey="name"
          pagination={false}
          dataSource={[page, ...(page.childMenus ?? [])]}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('helper.coding.menuName') },
            { key: 'router', dataIndex: 'router', title: t('helper.coding.router') },
            { key: 'perms', dataIndex: 'perms', title: t('helper.coding.perms') },
          ]}
        />
      ),
    },
    {
      key: 'texts',
      label: t('helper.coding.texts'),
      children: (
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={Object.keys(preview.texts['zh-cn']).map((key) => ({
            key,
            'zh-tw': preview.texts['zh-tw'][key],
            en: preview.texts.en[key],
          }))}
          columns={[
            { key: 'key', dataIndex: 'key', title: t('helper.coding.lang.zh-cn') },
            { key: 'zh-tw', dataIndex: 'zh-tw', title: t('helper.coding.lang.zh-tw') },
            { key: 'en', dataIndex: 'en', title: t('helper.coding.lang.en') },
          ]}
        />
      ),
    },
  ];
  return <Collapse items={items} defaultActiveKey={[preview.files[0]?.path ?? '']} />;
}

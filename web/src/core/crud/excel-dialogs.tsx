import { DownloadOutlined, InboxOutlined, WarningOutlined } from '@ant-design/icons';
import type { Entity, ImportReport, ImportReportRow, ImportResult, ImportRowAction } from '@backroom/contract';
import { Alert, Button, Checkbox, Modal, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFeedback } from '../app-feedback';
import type { Locale } from '../i18n';
import { type Callable, call, download, RequestError, saveFile, upload } from '../request';

/** The calls of an entity's excel option (present when the entity declares `excel`). */
type ExcelApi = {
  export: Callable<z.ZodType, Blob>;
  import: Callable<undefined, Blob>;
  importCheck: Callable<undefined, ImportReport>;
  importCommit: Callable<z.ZodType, ImportResult>;
};

export function excelApi(entity: Entity): ExcelApi {
  // The kit serves any entity: an entity with `excel` declares these four endpoints (packages/contract).
  return entity.api as unknown as ExcelApi;
}

/** 1536 → "1.5 KB". */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export type ExportDialogProps = {
  entity: Entity;
  open: boolean;
  /** The table's visible columns: chosen at first. */
  visible: readonly string[];
  /** The list filters of the table as it stands (keyword, filters, order). */
  filters: Record<string, unknown>;
  onClose: () => void;
};

/**
 * Export: the operator chooses the columns first (at least one), then the file of the rows the
 * table's filters give is streamed down with the bytes received shown, and saved.
 */
export function ExportDialog({ entity, open, visible, filters, onClose }: ExportDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const offered = entity.excel?.columns ?? [];
  const [chosen, setChosen] = useState<string[]>(() => {
    const shown = offered.filter((c) => visible.includes(c));
    return shown.length > 0 ? shown : [...offered];
  });
  const [received, setReceived] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const running = received !== null;
  const labelOf = (name: string) =>
    (entity.columns[name] ?? (entity.joined as Record<string, { label: Record<Locale, string> } | undefined>)[name])
      ?.label[locale] ?? name;

  const start = async () => {
    setTried(true);
    if (chosen.length === 0) return;
    const controller = new AbortController();
    abort.current = controller;
    setReceived(0);
    try {
      // The file keeps the columns in the declaration's order.
      const columns = offered.filter((c) => chosen.includes(c));
      const file = await download(
        excelApi(entity).export,
        { ...filters, columns },
        {
          signal: controller.signal,
          onProgress: setReceived,
        },
      );
      saveFile(file.blob, file.name);
      onClose();
    } catch (error) {
      // A refusal was shown by the request layer; a cancel needs no message.
      if (!(error instanceof RequestError) && !(error instanceof DOMException)) throw error;
    } finally {
      abort.current = null;
      setReceived(null);
    }
  };

  const cancel = () => {
    abort.current?.abort();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('excel.exportTitle')}
      onCancel={cancel}
      okText={t('excel.export')}
      cancelText={t('common.cancel')}
      onOk={() => void start()}
      okButtonProps={{ loading: running }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('excel.chooseColumns')}</Typography.Paragraph>
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setChosen([...offered])} disabled={running}>
          {t('excel.all')}
        </Button>
        <Button size="small" onClick={() => setChosen([])} disabled={running}>
          {t('excel.none')}
        </Button>
      </Space>
      <Checkbox.Group
        className="excel-columns"
        value={chosen}
        disabled={running}
        onChange={(values) => setChosen(values.map(String))}
        options={offered.map((name) => ({ label: labelOf(name), value: name }))}
        aria-label={t('excel.chooseColumns')}
      />
      {tried && chosen.length === 0 && (
        <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} message={t('excel.noColumns')} />
      )}
      {running && (
        <div className="excel-progress" role="status" aria-live="polite" style={{ marginTop: 12 }}>
          <Spin size="small" /> {t('excel.received', { size: sizeText(received ?? 0) })}
        </div>
      )}
    </Modal>
  );
}

export type ImportDialogProps = {
  entity: Entity;
  open: boolean;
  onClose: () => void;
  /** After a commit: reload the table. */
  onImported: () => void;
};

/** Solid tags with white text: antd's light preset tags fall short of the contrast WCAG asks for. */
const ACTION_COLORS: Record<ImportRowAction, string | undefined> = {
  insert: '#237804',
  update: '#0958d9',
  skip: undefined,
  error: '#a8071a',
};

/** A warning's icon: antd's gold darkened to read at 3:1 beside the text on both surfaces. */
const WARNING_COLOR = '#d48806';

/**
 * Import: download the template, choose a filled file, see the dry run row by row (insert /
 * update / skip / error with the cell), then commit or cancel.
 */
export function ImportDialog({ entity, open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const api = excelApi(entity);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'template' | 'check' | 'commit' | null>(null);
  const [tried, setTried] = useState(false);

  const reset = () => {
    setFile(null);
    setReport(null);
    setTried(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const template = async () => {
    setBusy('template');
    try {
      const got = await download(api.import, undefined);
      saveFile(got.blob, got.name);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    setTried(true);
    if (!file) return;
    setBusy('check');
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      setReport(await upload(api.importCheck, form));
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setBusy(null);
    }
  };

  const commit = async () => {
    if (!report?.token) return;
    setBusy('commit');
    try {
      const done = await call(api.importCommit, { token: report.token });
      void message.success(t('excel.imported', { inserted: done.inserted, updated: done.updated }));
      onImported();
      close();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      // The check went stale (or was used): choose the file again.
      setReport(null);
    } finally {
      setBusy(null);
    }
  };

  const footer = report ? (
    <Space>
      <Button onClick={reset}>{t('excel.again')}</Button>
      <Button onClick={close}>{t('common.cancel')}</Button>
      <Button
        type="primary"
        disabled={!report.token}
        loading={busy === 'commit'}
        onClick={() => void commit()}
        data-testid="excel-import-commit"
      >
        {t('excel.commit', { count: report.counts.insert + report.counts.update })}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={close}>{t('common.cancel')}</Button>
      <Button type="primary" loading={busy === 'check'} onClick={() => void check()} data-testid="excel-import-check">
        {t('excel.check')}
      </Button>
    </Space>
  );

  return (
    <Modal open={open} title={t('excel.importTitle')} onCancel={close} footer={footer} width={report ? 760 : 520}>
      {report ? (
        <ImportReportView report={report} />
      ) : (
        <>
          <Typography.Paragraph>
            {t('excel.templateHint')}{' '}
            <Button icon={<DownloadOutlined />} loading={busy === 'template'} onClick={() => void template()}>
              {t('excel.template')}
            </Button>
          </Typography.Paragraph>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            multiple={false}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('excel.chooseFile')}</p>
            <p className="ant-upload-hint">{t('excel.fileHint')}</p>
          </Upload.Dragger>
          {tried && !file && (
            <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} message={t('excel.noFile')} />
          )}
        </>
      )}
    </Modal>
  );
}

/** The dry run's answer: counts, then the rows (errors with their cell and reason). */
function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const actions: ImportRowAction[] = ['insert', 'update', 'skip', 'error'];
  const warned = report.rows.filter((r) => (r.warnings?.length ?? 0) > 0).length;
  return (
    <div data-testid="excel-import-report">
      <Space wrap style={{ marginBottom: 12 }} role="status">
        {actions.map((a) => (
          <Tag key={a} color={ACTION_COLORS[a]}>
            {t(`excel.action.${a}`)}: {report.counts[a]}
          </Tag>
        ))}
        {warned > 0 && (
          <span data-testid="excel-import-warned">
            <WarningOutlined style={{ color: WARNING_COLOR, marginRight: 4 }} />
            {t('excel.warnedRows', { count: warned })}
          </span>
        )}
      </Space>
      {!report.token && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('excel.nothing')} />}
      {report.ignoredColumns.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="excel-import-ignored"
          message={t('excel.ignoredColumns', {
            count: report.ignoredColumns.length,
            columns: report.ignoredColumns.join(t('excel.listSeparator')),
          })}
        />
      )}
      {report.truncated && (
        <Typography.Paragraph type="secondary">
          {t('excel.truncated', { count: report.rows.length })}
        </Typography.Paragraph>
      )}
      <Table<ImportReportRow>
        size="small"
        rowKey="row"
        dataSource={report.rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content', y: 360 }}
        columns={[
          { key: 'row', dataIndex: 'row', title: t('excel.row'), width: 70 },
          {
            key: 'action',
            dataIndex: 'action',
            title: t('excel.result'),
            width: 100,
            render: (action: ImportRowAction) => <Tag color={ACTION_COLORS[action]}>{t(`excel.action.${action}`)}</Tag>,
          },
          // A file of new rows names no keys: the column would only take a phone's width.
          ...(report.rows.some((r) => r.key !== undefined)
            ? [{ key: 'key', dataIndex: 'key', title: t('excel.key'), width: 120 }]
            : []),
          {
            key: 'errors',
            dataIndex: 'errors',
            title: t('excel.problems'),
            render: (_errors: ImportReportRow['errors'], row) => (
              <>
                {row.errors?.map((e) => (
                  <div key={`${e.cell}-${e.message}`}>
                    {e.cell && <Tag>{e.cell}</Tag>}
                    {e.message}
                  </div>
                ))}
                {row.warnings?.map((w) => (
                  <div key={`${w.cell}-${w.message}`} data-testid="excel-import-warning">
                    <WarningOutlined aria-label={t('excel.warning')} style={{ color: WARNING_COLOR, marginRight: 4 }} />
                    {w.cell && <Tag>{w.cell}</Tag>}
                    {w.message}
                  </div>
                ))}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}

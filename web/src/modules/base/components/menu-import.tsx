import { InboxOutlined } from '@ant-design/icons';
import { type MenuNode, sysMenu } from '@backroom/contract';
import { Alert, Modal, Tag, Tree, type TreeDataNode, Upload, type UploadFile } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { menuName } from '../../../core/i18n';
import { usePerms } from '../../../core/permission';
import { call } from '../../../core/request';
import { MenuIcon } from '../../../ui/icons';
import { nodePerms, type ParsedMenus, parseMenuFile, splitPerms } from './menu-data';
import { MenuTypeTag } from './menu-type-tag';

/** Import files larger than this are refused before they are read. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Parsed = { file: UploadFile; result: ParsedMenus };

/**
 * Import: choose a JSON file as the export writes it, look at its tree, then import. Entries that
 * already exist under the same parent (same name, type and router) are kept, not doubled.
 */
export function MenuImport({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const held = usePerms((s) => s.perms);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) setParsed(null);
  }, [open]);

  const handleFile = async (file: File) => {
    const entry: UploadFile = { uid: `${Date.now()}`, name: file.name, size: file.size, status: 'done' };
    if (file.size > MAX_FILE_BYTES) {
      setParsed({ file: entry, result: { ok: false, reason: 'shape' } });
      void message.error(t('base.menu.import.tooLarge', { size: 5 }));
      return;
    }
    const result = parseMenuFile(await file.text());
    // The problem shows in the alert below; the file entry stays neutral (antd would call it an upload error).
    setParsed({ file: entry, result });
  };

  const unknownPerms = useMemo(() => {
    if (!parsed?.result.ok) return [];
    const heldSet = new Set(held);
    return [...new Set(nodePerms(parsed.result.menus))].filter((p) => !heldSet.has(p));
  }, [parsed, held]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the language.
  const treeData = useMemo(() => {
    if (!parsed?.result.ok) return [];
    const heldSet = new Set(held);
    let key = 0;
    const toTree = (nodes: readonly MenuNode[]): TreeDataNode[] =>
      nodes.map((node) => {
        key += 1;
        return {
          key,
          title: (
            <span className="menu-preview-node">
              {node.type !== 2 && <MenuIcon name={node.icon} />}
              <span>{menuName(node.name)}</span>
              <MenuTypeTag type={node.type} />
              {node.router && <code className="menu-muted">{node.router}</code>}
              {splitPerms(node.perms).map((p) => (
                <Tag key={p} color={heldSet.has(p) ? undefined : 'error'} className="menu-perm-tag">
                  {p}
                </Tag>
              ))}
            </span>
          ),
          children: node.childMenus?.length ? toTree(node.childMenus) : undefined,
        };
      });
    return toTree(parsed.result.menus);
  }, [parsed, held, i18n.language]);

  const handleOk = async () => {
    if (!parsed) {
      void message.warning(t('base.menu.import.chooseFile'));
      return;
    }
    if (!parsed.result.ok) {
      void message.error(t('base.menu.import.invalid'));
      return;
    }
    setSaving(true);
    try {
      const data = await call(sysMenu.api.import, { menus: parsed.result.menus });
      void message.success(t('base.menu.import.done', { count: data.count }));
      onImported();
    } finally {
      setSaving(false);
    }
  };

  const problem = parsed && !parsed.result.ok ? parsed.result : null;

  return (
    <Modal
      open={open}
      title={t('base.menu.import.title')}
      onCancel={onClose}
      onOk={() => void handleOk()}
      okText={t('base.menu.import.submit')}
      okButtonProps={{ disabled: parsed !== null && !parsed.result.ok }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={720}
      destroyOnHidden
    >
      <Upload.Dragger
        accept=".json,application/json"
        maxCount={1}
        multiple={false}
        fileList={parsed ? [parsed.file] : []}
        beforeUpload={(file) => {
          void handleFile(file);
          return false;
        }}
        onRemove={() => {
          setParsed(null);
          return true;
        }}
        className="menu-gap"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('base.menu.import.drop')}</p>
        <p className="ant-upload-hint">{t('base.menu.import.hint')}</p>
      </Upload.Dragger>
      {problem && (
        <Alert
          type="error"
          showIcon
          className="menu-gap"
          title={problem.reason === 'json' ? t('base.menu.import.notJson') : t('base.menu.import.invalid')}
          description={problem.where ? t('base.menu.import.where', { where: problem.where }) : undefined}
        />
      )}
      {parsed?.result.ok && (
        <>
          <Alert
            type="info"
            showIcon
            className="menu-gap"
            title={t('base.menu.import.preview', { count: parsed.result.count })}
            description={t('base.menu.import.merge')}
          />
          {unknownPerms.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="menu-gap"
              title={t('base.menu.import.unknownPerms', { count: unknownPerms.length })}
            />
          )}
          <div className="menu-preview">
            <Tree treeData={treeData} defaultExpandAll selectable={false} blockNode />
          </div>
        </>
      )}
    </Modal>
  );
}

import { AVATAR_MAX_BYTES, type SpaceInfo } from '@backroom/contract';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../../core/screen';
import type { FilePickerProps } from './file-picker-dialog';
import { SpaceBrowser } from './space-browser';

/** The picker's dialog: the file space in choosing mode, with its own uploads. Loaded on first use. */
export default function FilePicker({ open, onCancel, onPick, limit = 1, accept, maxSize, purpose }: FilePickerProps) {
  const { t } = useTranslation();
  const compact = useScreen() === 'xs';
  const [selection, setSelection] = useState<SpaceInfo[]>([]);
  const avatar = purpose === 'avatar';
  const rules = avatar
    ? { limit: 1, accept: ['image'] as const, maxSize: AVATAR_MAX_BYTES, sizeMessage: t('space.picker.avatarTooLarge') }
    : { limit, accept, maxSize, sizeMessage: undefined };

  const close = () => {
    setSelection([]);
    onCancel();
  };
  const confirm = () => {
    const chosen = selection;
    setSelection([]);
    onPick(chosen);
  };

  return (
    <Modal
      open={open}
      title={rules.limit > 1 ? t('space.picker.titleMany', { limit: rules.limit }) : t('space.picker.title')}
      onCancel={close}
      width={compact ? '100%' : 1080}
      className="space-picker"
      destroyOnHidden
      footer={
        <div className="space-picker-footer">
          <span className="space-picker-count" data-testid="space-picker-count">
            {selection.length === 0
              ? t('space.picker.nothingChosen')
              : t('space.picker.chosen', { count: selection.length, limit: rules.limit })}
          </span>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={selection.length === 0} onClick={confirm} data-testid="space-picker-use">
            {t('space.picker.use')}
          </Button>
        </div>
      }
    >
      <SpaceBrowser
        mode="pick"
        limit={rules.limit}
        accept={rules.accept}
        maxSize={rules.maxSize}
        sizeMessage={rules.sizeMessage}
        selection={selection}
        onSelectionChange={setSelection}
      />
    </Modal>
  );
}

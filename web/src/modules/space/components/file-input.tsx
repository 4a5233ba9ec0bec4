import { CloseOutlined, FileOutlined, FolderOpenOutlined } from '@ant-design/icons';
import '../space.css';
import { type FileTypeGroup, fileTypeOf, isPrivateFile, spaceInfo, unsignedFileUrl } from '@backroom/contract';
import { Button, Input, Space, Tooltip } from 'antd';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../../core/permission';
import { fetchFile, saveFile } from '../../../core/request';
import { FilePickerDialog } from './file-picker-dialog';

type Props = {
  /** Set by Form.Item, so the label points at the address field. */
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  accept?: readonly FileTypeGroup[];
  placeholder?: string;
  maxLength?: number;
};

/** One of our private files (a document at /upload/…): opened with the session, not by a bare tab. */
const isOwnPrivate = (url: string) => /^(https?:\/\/[^/]+)?\/upload\//.test(url) && isPrivateFile(url);

/**
 * A file address in a form: typed, or chosen from the file space (a parameter of type file). An
 * image shows its thumbnail. Without the file space permission it is a plain address field.
 * A document chosen from the space is kept without its link's signature (the link expires), and
 * its preview fetches it with the session, as a new tab sends none.
 */
export function FileInput({ id, value, onChange, accept, placeholder, maxLength }: Props) {
  const { t } = useTranslation();
  const canPick = usePerm(spaceInfo.perms.page);
  const [open, setOpen] = useState(false);
  const url = value ?? '';
  const isImage = url !== '' && fileTypeOf(url) === 'image';
  const handleOpen = (event: MouseEvent) => {
    if (!isOwnPrivate(url) || unsignedFileUrl(url) !== url) return;
    event.preventDefault();
    void fetchFile(url).then(
      ({ blob, name }) => saveFile(blob, name),
      () => undefined,
    );
  };
  return (
    <div className="space-file-input">
      {url !== '' && (
        <a
          className="space-file-input-preview"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={handleOpen}
          data-testid="space-file-input-open"
        >
          {isImage ? <img src={url} alt="" /> : <FileOutlined />}
        </a>
      )}
      <Space.Compact style={{ flex: 1, minWidth: 0 }}>
        <Input
          id={id}
          value={url}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
        />
        {url !== '' && (
          <Tooltip title={t('space.input.remove')}>
            <Button icon={<CloseOutlined />} aria-label={t('space.input.remove')} onClick={() => onChange?.('')} />
          </Tooltip>
        )}
        {canPick && (
          <Button icon={<FolderOpenOutlined />} onClick={() => setOpen(true)} data-testid="space-file-input-choose">
            {t('space.input.choose')}
          </Button>
        )}
      </Space.Compact>
      <FilePickerDialog
        open={open}
        accept={accept}
        onCancel={() => setOpen(false)}
        onPick={(files) => {
          setOpen(false);
          const picked = files[0]?.url;
          if (picked) onChange?.(isOwnPrivate(picked) ? unsignedFileUrl(picked) : picked);
        }}
      />
    </div>
  );
}

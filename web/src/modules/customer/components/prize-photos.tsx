import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { PRIZE_PHOTO_MAX, spaceInfo } from '@backroom/contract';
import { Button, Image, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../../core/permission';
import { FilePickerDialog } from '../../space';

/** The photos as small thumbnails that open a preview; a dash when there are none. */
export function PhotoThumbs({ urls, size = 36 }: { urls: readonly string[] | null | undefined; size?: number }) {
  const { t } = useTranslation();
  if (!urls || urls.length === 0) return <span className="customer-muted">—</span>;
  return (
    <Image.PreviewGroup>
      <span className="customer-thumbs">
        {urls.map((url, i) => (
          <Image
            key={url}
            src={url}
            width={size}
            height={size}
            alt={t('customer.activity.photo', { index: i + 1 })}
            className="customer-thumb"
          />
        ))}
      </span>
    </Image.PreviewGroup>
  );
}

type Props = { id?: string; value?: string[] | null; onChange?: (value: string[]) => void };

/** The prize photos of an activity: chosen from the file space (images), shown as thumbnails, each removable. */
export function PrizePhotosInput({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const canPick = usePerm(spaceInfo.perms.page);
  const [picking, setPicking] = useState(false);
  const photos = value ?? [];
  const room = PRIZE_PHOTO_MAX - photos.length;
  return (
    <div className="customer-photos" id={id} data-testid="prize-photos">
      {photos.map((url, i) => (
        <span key={url} className="customer-photo">
          <Image
            src={url}
            width={72}
            height={72}
            alt={t('customer.activity.photo', { index: i + 1 })}
            className="customer-thumb"
          />
          <Tooltip title={t('customer.activity.removePhoto', { index: i + 1 })}>
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              className="customer-photo-remove"
              aria-label={t('customer.activity.removePhoto', { index: i + 1 })}
              onClick={() => onChange?.(photos.filter((p) => p !== url))}
            />
          </Tooltip>
        </span>
      ))}
      {canPick && room > 0 && (
        <Button
          className="customer-photo-add"
          icon={<PlusOutlined />}
          onClick={() => setPicking(true)}
          data-testid="prize-photos-add"
        >
          {t('customer.activity.addPhotos')}
        </Button>
      )}
      {!canPick && photos.length === 0 && <span className="customer-muted">{t('customer.activity.noPicker')}</span>}
      <FilePickerDialog
        open={picking}
        limit={room}
        accept={['image']}
        onCancel={() => setPicking(false)}
        onPick={(files) => {
          setPicking(false);
          const added = files.map((f) => f.url).filter((url) => !photos.includes(url));
          onChange?.([...photos, ...added].slice(0, PRIZE_PHOTO_MAX));
        }}
      />
    </div>
  );
}

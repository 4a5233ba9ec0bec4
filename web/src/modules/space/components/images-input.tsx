import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import '../space.css';
import { spaceInfo } from '@backroom/contract';
import { Button, Image, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../../core/permission';
import { FilePickerDialog } from './file-picker-dialog';

/**
 * What a list calls its pictures, in the language in use: the file space's "Picture 2" unless the
 * screen names them (an activity's prize photos).
 */
export type ImageWords = {
  /** The alt text of the picture at `index` (from 1). */
  picture: (index: number) => string;
  remove: (index: number) => string;
  add: string;
  /** Said in place of the list when it is empty and the operator may not open the file space. */
  noPicker: string;
};

function useImageWords(words: ImageWords | undefined): ImageWords {
  const { t } = useTranslation();
  return (
    words ?? {
      picture: (index) => t('space.images.picture', { index }),
      remove: (index) => t('space.images.remove', { index }),
      add: t('space.images.add'),
      noPicker: t('space.images.noPicker'),
    }
  );
}

/** Pictures as small thumbnails that open a preview; a dash when there are none. */
export function ImageThumbs({
  urls,
  size = 36,
  words,
}: {
  urls: readonly string[] | null | undefined;
  size?: number;
  words?: ImageWords;
}) {
  const { picture } = useImageWords(words);
  if (!urls || urls.length === 0) return <span className="space-muted">—</span>;
  return (
    <Image.PreviewGroup>
      <span className="space-thumbs">
        {urls.map((url, i) => (
          <Image key={url} src={url} width={size} height={size} alt={picture(i + 1)} className="space-thumb" />
        ))}
      </span>
    </Image.PreviewGroup>
  );
}

type Props = {
  /** Set by Form.Item, so the label points at the list. */
  id?: string;
  value?: string[] | null;
  onChange?: (value: string[]) => void;
  /** The most pictures the list holds. */
  limit?: number;
  words?: ImageWords;
};

/**
 * A list of pictures in a form (a json column of addresses): chosen from the file space, where
 * they can be uploaded too, shown as thumbnails, each removable. Without the file space
 * permission it only shows and removes.
 */
export function ImagesInput({ id, value, onChange, limit = 9, words }: Props) {
  const said = useImageWords(words);
  const canPick = usePerm(spaceInfo.perms.page);
  const [picking, setPicking] = useState(false);
  const images = value ?? [];
  const room = limit - images.length;
  return (
    <div className="space-images" id={id} data-testid="images-input">
      {images.map((url, i) => (
        <span key={url} className="space-image">
          <Image src={url} width={72} height={72} alt={said.picture(i + 1)} className="space-thumb" />
          <Tooltip title={said.remove(i + 1)}>
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              className="space-image-remove"
              aria-label={said.remove(i + 1)}
              onClick={() => onChange?.(images.filter((p) => p !== url))}
            />
          </Tooltip>
        </span>
      ))}
      {canPick && room > 0 && (
        <Button
          className="space-image-add"
          icon={<PlusOutlined />}
          onClick={() => setPicking(true)}
          data-testid="images-input-add"
        >
          {said.add}
        </Button>
      )}
      {!canPick && images.length === 0 && <span className="space-muted">{said.noPicker}</span>}
      <FilePickerDialog
        open={picking}
        limit={Math.max(room, 1)}
        accept={['image']}
        onCancel={() => setPicking(false)}
        onPick={(files) => {
          setPicking(false);
          const added = files.map((f) => f.url).filter((url) => !images.includes(url));
          onChange?.([...images, ...added].slice(0, limit));
        }}
      />
    </div>
  );
}

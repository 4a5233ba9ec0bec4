import { PRIZE_PHOTO_MAX } from '@backroom/contract';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagesInput, ImageThumbs, type ImageWords } from '../../space';

/** An activity's pictures are its prize photos ("Prize photo 2"). */
function usePhotoWords(): ImageWords {
  const { t } = useTranslation();
  return {
    picture: (index) => t('customer.activity.photo', { index }),
    remove: (index) => t('customer.activity.removePhoto', { index }),
    add: t('customer.activity.addPhotos'),
    noPicker: t('customer.activity.noPicker'),
  };
}

/** The photos as small thumbnails that open a preview; a dash when there are none. */
export function PhotoThumbs(props: { urls: readonly string[] | null | undefined; size?: number }) {
  return <ImageThumbs {...props} words={usePhotoWords()} />;
}

type InputProps = Omit<ComponentProps<typeof ImagesInput>, 'limit' | 'words'>;

/** The prize photos of an activity: the file space's picture list, up to the photos an activity holds. */
export function PrizePhotosInput(props: InputProps) {
  return <ImagesInput {...props} limit={PRIZE_PHOTO_MAX} words={usePhotoWords()} />;
}

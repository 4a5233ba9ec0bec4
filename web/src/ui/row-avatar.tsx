import { type ReactNode, useState } from 'react';

type Props = {
  /** The picture's address; the fallback shows without one, or when it does not load. */
  src?: string | null;
  /** The picture's text alternative (empty: the row names the person beside it). */
  alt?: string;
  /** 24 px (a dense column) or 32 px. */
  size?: 'small' | 'default';
  /** A letter or an icon, drawn on the round grey ground. */
  fallback: ReactNode;
};

/**
 * A person's picture in a table row: an image in a circle, or a letter or icon in its place. antd's
 * Avatar measures its text on mount (a layout forced per row, in the list's first render,
 * bench/browser.mjs); this one is sized by CSS alone (styles.css `.row-avatar`).
 */
export function RowAvatar({ src, alt = '', size = 'default', fallback }: Props) {
  const [broken, setBroken] = useState<string | null>(null);
  const shown = src && broken !== src;
  return (
    <span className={size === 'small' ? 'row-avatar row-avatar-sm' : 'row-avatar'}>
      {shown ? <img src={src} alt={alt} loading="lazy" onError={() => setBroken(src)} /> : fallback}
    </span>
  );
}

import type { ReactNode } from 'react';
import { Glyph } from './glyphs';

/**
 * A failure in place of a screen or a list (load failed, view crashed), laid out like antd's
 * Result but without it: antd's Result carries its 403/404/500 pictures wherever it is used.
 */
export function Status({ title, detail, extra }: { title: ReactNode; detail?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="status" role="alert">
      <Glyph name="closeCircle" className="status-icon" />
      <div className="status-title">{title}</div>
      {detail && <div className="status-detail">{detail}</div>}
      {extra && <div className="status-extra">{extra}</div>}
    </div>
  );
}

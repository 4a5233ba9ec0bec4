import { type ToastKind, useToasts } from '../core/toast';
import { Glyph, type GlyphName } from './glyphs';

const GLYPH: Record<ToastKind, GlyphName> = {
  error: 'closeCircle',
  warning: 'exclamationCircle',
  success: 'checkCircle',
  info: 'infoCircle',
};

/** The root's messages, drawn like antd's (top centre) but without it. */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div className="app-toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`app-toast app-toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <Glyph name={GLYPH[t.kind]} className="app-toast-icon" />
          <span>{t.text}</span>
        </div>
      ))}
    </div>
  );
}

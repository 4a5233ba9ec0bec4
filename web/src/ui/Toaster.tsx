import { Glyph, type GlyphName } from './glyphs';

export type ToastKind = 'error' | 'warning' | 'success' | 'info';
/** A message as it shows. */
export type ToastView = { id: number; kind: ToastKind; text: string };

const GLYPH: Record<ToastKind, GlyphName> = {
  error: 'closeCircle',
  warning: 'exclamationCircle',
  success: 'checkCircle',
  info: 'infoCircle',
};

/** The root's messages, drawn like antd's (top centre) but without it. */
export function Toaster({ toasts }: { toasts: readonly ToastView[] }) {
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

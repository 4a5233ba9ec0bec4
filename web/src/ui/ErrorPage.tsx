import { Button } from './controls';
import { Illustration, type IllustrationKind } from './illustrations';

export type ErrorCode = 401 | 403 | 404 | 500 | 502;

/** A way back from an error page: its words, whether it is the main one, and where it leads. */
export type ErrorAction = { label: string; primary?: boolean; onClick: () => void };

const PICTURE: Record<ErrorCode, IllustrationKind> = {
  401: 'expired',
  403: 'locked',
  404: 'missing',
  500: 'broken',
  502: 'away',
};

/**
 * The error pages of docs/spec.md §8: the error's picture and number, what it means, and the ways back the
 * caller offers. Light (no antd): they show outside the shell too. `inline`: inside a screen of the
 * shell (a view the user may not see), in the shell's own main region rather than a page of its own.
 */
export function ErrorPage({
  code,
  text,
  actions,
  inline = false,
}: {
  code: ErrorCode;
  text: string;
  actions: readonly ErrorAction[];
  inline?: boolean;
}) {
  const Region = inline ? 'section' : 'main';
  return (
    <Region className={`error-page${inline ? ' inline' : ''}`}>
      <Illustration kind={PICTURE[code]} />
      <h1 className="error-code">{code}</h1>
      <p className="error-text">{text}</p>
      <div className="error-actions">
        {actions.map((action) => (
          <Button key={action.label} variant={action.primary ? 'primary' : 'default'} onClick={action.onClick}>
            {action.label}
          </Button>
        ))}
      </div>
    </Region>
  );
}

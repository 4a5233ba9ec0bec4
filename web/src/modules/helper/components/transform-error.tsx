import type { Locale } from '@backroom/contract/i18n';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTransformError, type TextPosition, TransformError } from '../transform/errors';

/** Why the input could not be converted, in the reader's language, with where it went wrong when known. */
export function TransformErrorAlert({ error, onShow }: { error: Error; onShow?(at: TextPosition): void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const known = error instanceof TransformError;
  const text = known
    ? formatTransformError(error.text, error.params, locale)
    : t('helper.transform.failed', { message: error.message });
  const at = known ? error.at : undefined;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="transform-error"
      data-testid="transform-error"
      title={t('helper.transform.errorTitle')}
      description={
        <>
          <div>{text}</div>
          {at && (
            <div className="transform-error-at">
              <span data-testid="transform-error-at">
                {t('helper.transform.errorAt', { line: at.line, column: at.column })}
              </span>
              {onShow && (
                <Button size="small" type="link" onClick={() => onShow(at)}>
                  {t('helper.transform.showError')}
                </Button>
              )}
            </div>
          )}
        </>
      }
    />
  );
}

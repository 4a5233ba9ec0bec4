import { Alert, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { needMessages } from '../../../core/i18n';
import type { RichTextEditorProps } from './rich-text-editor';

function LoadFailed() {
  const { t } = useTranslation();
  return <Alert type="error" showIcon title={t('param.loadFailed')} />;
}

// The editor and its libraries are a chunk of their own, fetched the first time a rich-text form
// opens, with its texts (the parameter screen's, which any screen's rich-text field uses too).
const RichTextEditor = lazy(() =>
  Promise.all([import('./rich-text-editor'), needMessages('param')])
    .then(([module]) => module)
    .catch(() => ({ default: LoadFailed })),
);

/** A form input for rich text: the editor, loaded on first use, with a placeholder while it comes. */
export function RichTextInput(props: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className="rich-text-loading" role="status" aria-label={t('param.loading')}>
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}

import { Alert, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './rich-text-editor';

function LoadFailed() {
  const { t } = useTranslation();
  return <Alert type="error" showIcon title={t('param.loadFailed')} />;
}

// The editor and its libraries are a chunk of their own, fetched the first time a rich-text form opens.
const RichTextEditor = lazy(() => import('./rich-text-editor').catch(() => ({ default: LoadFailed })));

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

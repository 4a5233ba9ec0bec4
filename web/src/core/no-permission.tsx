import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorPage } from '../ui/ErrorPage';

/**
 * What a screen (or a part of one) shows to a user who may not see it: the shell's own 403 page
 * (its picture, number and words), inside the screen, with the way home. One no-permission state
 * everywhere, instead of a screen's empty tree, filters and a message of its own.
 */
export function NoPermission({ home = true }: { home?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorPage
      inline
      code={403}
      text={t('error.403')}
      actions={home ? [{ label: t('error.home'), primary: true, onClick: () => navigate('/') }] : []}
    />
  );
}

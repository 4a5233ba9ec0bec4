import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../core/request';
import { useSession } from '../core/session';
import { Button } from './controls';
import { Illustration, type IllustrationKind } from './illustrations';

export type ErrorCode = 401 | 403 | 404 | 500 | 502;

const PICTURE: Record<ErrorCode, IllustrationKind> = {
  401: 'expired',
  403: 'locked',
  404: 'missing',
  500: 'broken',
  502: 'away',
};

/** The error pages of SPEC §8, with their ways back. Light (no antd): they show outside the shell too. */
export default function ErrorPage({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = !!useSession((s) => s.token);
  return (
    <main className="error-page">
      <Illustration kind={PICTURE[code]} />
      <h1 className="error-code">{code}</h1>
      <p className="error-text">{t(`error.${code}`)}</p>
      <div className="error-actions">
        {signedIn && code !== 401 && (
          <Button variant="primary" onClick={() => navigate('/', { replace: true })}>
            {t('error.home')}
          </Button>
        )}
        {signedIn ? (
          <Button onClick={() => logout()}>{t('error.relogin')}</Button>
        ) : (
          <Button variant="primary" onClick={() => navigate('/login', { replace: true })}>
            {t('error.backLogin')}
          </Button>
        )}
      </div>
    </main>
  );
}

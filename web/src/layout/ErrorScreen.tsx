import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../core/request';
import { useSession } from '../core/session';
import { type ErrorAction, type ErrorCode, ErrorPage } from '../ui/ErrorPage';

/**
 * An error route (/401, /403, …): the error page with the ways back that fit the session. Signed
 * in: home (unless the session itself expired) and sign in again; signed out: back to the login.
 */
export function ErrorScreen({ code, inline = false }: { code: ErrorCode; inline?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = !!useSession((s) => s.token);
  const actions: ErrorAction[] = signedIn
    ? [
        ...(code !== 401
          ? [{ label: t('error.home'), primary: true, onClick: () => navigate('/', { replace: true }) }]
          : []),
        { label: t('error.relogin'), onClick: () => logout() },
      ]
    : [{ label: t('error.backLogin'), primary: true, onClick: () => navigate('/login', { replace: true }) }];
  return <ErrorPage code={code} text={t(`error.${code}`)} actions={actions} inline={inline} />;
}

import { lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { inShell } from './core/error-codes';
import { feedback } from './core/feedback';
import { loginPath, returnPath, signOutTargetOr } from './core/redirect';
import { currentToken, tokenExpired, useSession } from './core/session';
import { useToasts } from './core/toast';
import { LoginPage } from './modules/base';
import type { ErrorCode } from './ui/ErrorPage';
import { Toaster } from './ui/Toaster';

/*
 * Declarative routes (<BrowserRouter>): the app uses none of the data router's loaders or actions,
 * and leaving it out saves about 15 KB gzip on every screen.
 *
 * Only the login page is in the first download. The signed-in shell brings antd, TanStack Query
 * and the module views with it, and loads (with antd's texts for the current language) after
 * sign-in; the error pages are light and load on their own.
 */
const Shell = lazy(() =>
  import('./layout/Shell').then(async (module) => {
    await module.prepareShell();
    return module;
  }),
);
const ErrorScreen = lazy(() => import('./layout/ErrorScreen').then((module) => ({ default: module.ErrorScreen })));

export const ERROR_CODES = [401, 403, 404, 500, 502] as const satisfies readonly ErrorCode[];

/** Lets the request layer change the route (401 → /login, 403 → /403…). */
function NavigateBridge() {
  const navigate = useNavigate();
  // Connected while rendering, before the routes after it mount and fire their requests.
  feedback.connectNavigate((path, options) => void navigate(path, options));
  return null;
}

/** Without a token every path but the login and error pages goes to /login (docs/spec.md §2). */
function RequireToken({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to={signOutTargetOr(loginPath(location.pathname + location.search))} replace />;
  return children;
}

/** With a token that has not expired, /login goes on: to its way back, else to / (docs/spec.md §2). */
function LoginRoute() {
  const token = useSession((s) => s.token);
  const location = useLocation();
  // Signed in (just now, or already): on to the way back the query carries, else home.
  if (token && currentToken() && !tokenExpired()) return <Navigate to={returnPath(location.search) ?? '/'} replace />;
  return <LoginPage />;
}

const loading = <div className="app-loading" aria-busy="true" />;

/**
 * An error page: signed in, not found and not authorized show inside the shell (its menu stays,
 * and the page is no tab); otherwise, and for an expired session or a server away, on their own.
 */
function ErrorRoute({ code }: { code: ErrorCode }) {
  const signedIn = !!useSession((s) => s.token);
  return <Suspense fallback={loading}>{signedIn && inShell(code) ? <Shell /> : <ErrorScreen code={code} />}</Suspense>;
}

/** The messages above every screen, on their own so a new one re-renders only them. */
function AppToasts() {
  return <Toaster toasts={useToasts((s) => s.toasts)} />;
}

export function App() {
  return (
    <>
      <BrowserRouter>
        <NavigateBridge />
        <Routes>
          <Route path="/login" element={<LoginRoute />} />
          {ERROR_CODES.map((code) => (
            <Route key={code} path={`/${code}`} element={<ErrorRoute code={code} />} />
          ))}
          <Route
            path="*"
            element={
              <RequireToken>
                <Suspense fallback={loading}>
                  <Shell />
                </Suspense>
              </RequireToken>
            }
          />
        </Routes>
      </BrowserRouter>
      <AppToasts />
    </>
  );
}

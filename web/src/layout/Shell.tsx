import { type PendingStep, pathTo } from '@backroom/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// antd's components styled by its prebuilt sheet, loaded with the shell (zeroRuntime below), without
// the components no screen shows and in a cascade layer of its own (web/vite/antd-styles.ts).
import 'antd/dist/antd.css';
import { theme as antdTheme, ConfigProvider, Empty, Layout, Spin, Tabs, type ThemeConfig } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FeedbackProvider } from '../core/app-feedback';
import { useAppSettings } from '../core/app-settings';
import { sessionApi } from '../core/endpoint-refs';
import { SHELL_ERROR_CODES } from '../core/error-codes';
import { wrapDialogFocus } from '../core/focus-wrap';
import { beforeLocaleChange, i18n, type Locale, loadMessages, menuName } from '../core/i18n';
import { prefetchDeferred } from '../core/lazy';
import { findHome, flattenPages, type MenuItem, useMenus } from '../core/menu';
import { call } from '../core/request';
import { registerFixedRoute, resolveRoute, routeTitle, routeTitleOf } from '../core/routes';
import { useReducedMotion, useScreen } from '../core/screen';
import { onSessionEnd, useSession } from '../core/session';
import { signInStepView } from '../core/sign-in-steps';
import { type Tab, type TabTitle, useTabs } from '../core/tabs';
import { accentText, SURFACES, useTheme } from '../core/theme';
import { prefetchViews } from '../core/views';
import { BrandMark } from '../ui/glyphs';
import { Status } from '../ui/Status';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { TabsBar } from './TabsBar';
import { useTabScroll } from './tab-scroll';
import { loadUiLocale, uiLocale } from './ui-locale';
import { UntrackedView, ViewHost } from './ViewHost';

// The signed-in error pages: shown in the shell, never a tab (their routes mark process false).
for (const code of SHELL_ERROR_CODES) {
  registerFixedRoute(
    `/${code}`,
    `error.${code}`,
    () => import('./ErrorScreen').then((m) => ({ default: () => <m.ErrorScreen code={code} inline /> })),
    { process: false },
  );
}

// The settings (colour picker, slider, segmented) load when first opened.
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })));
// A phone's drawer sidebar loads only on a phone.
const StyleWarmup = lazy(() => import('./StyleWarmup').then((m) => ({ default: m.StyleWarmup })));
const MobileSidebar = lazy(() => import('./MobileSidebar').then((m) => ({ default: m.MobileSidebar })));

/** Top-level entries that can be groups: directories with something to show. */
function groupsOf(tree: readonly MenuItem[]) {
  return tree.filter((m) => m.type !== 2 && m.isShow);
}

/** The logo and name, a way home from anywhere. */
function Brand({ collapsed, home, onClick }: { collapsed: boolean; home: string; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link className="brand" to={home} onClick={onClick} aria-label={`Backroom, ${t('layout.home')}`}>
      <BrandMark size={28} />
      {!collapsed && <span>Backroom</span>}
    </Link>
  );
}

/** The browser tab's title: the screen's name, then the product's. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} - Backroom` : 'Backroom';
  }, [title]);
  useEffect(
    () => () => {
      document.title = 'Backroom';
    },
    [],
  );
}

// Data fetching belongs to the signed-in screens; the login page does without it.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});
// Cached answers are the signed-in user's: the next one asks again (their dashboard, their lists).
onSessionEnd(() => queryClient.clear());

/**
 * antd's tokens from the theme: one palette (core/theme.ts SURFACES, the same the shell's CSS
 * uses), and every accent from the theme colour: the primary colour itself for fills, and as text
 * (links, the selected tab and menu entry) its shade that reads at WCAG AA (accentText). Grey texts
 * and danger links are darker (light) or lighter (dark) than antd's defaults, which miss 4.5:1.
 */
function themeConfig(theme: { color: string; dark: boolean }, reducedMotion: boolean): ThemeConfig {
  const surfaces = theme.dark ? SURFACES.dark : SURFACES.light;
  const accent = accentText(theme.color, theme.dark);
  const grey = theme.dark ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.6)';
  return {
    // Component styles come from the prebuilt sheet imported above: a screen's first render no
    // longer builds and writes them (about 8% of a list's first open in a CPU profile;
    // docs/benchmarks.md). antd still writes this theme's tokens as CSS variables: colours and dark mode hold.
    // It passes the setting to the icons too: none looks for or writes the icons' own sheet (the
    // sheet above holds `.anticon`), where each of a list's sixty or so icons did on mount.
    zeroRuntime: true,
    algorithm: theme.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      // The system's "reduce motion": dialogs, drawers and menus appear and leave without a zoom.
      motion: !reducedMotion,
      colorPrimary: theme.color,
      colorLink: accent,
      colorLinkHover: accent,
      colorLinkActive: accent,
      borderRadius: 6,
      colorBgLayout: surfaces.bg,
      colorBgContainer: surfaces.surface,
      colorBgElevated: surfaces.elevated,
      colorTextPlaceholder: theme.dark ? 'rgba(255, 255, 255, 0.5)' : 'rgba(0, 0, 0, 0.55)',
      colorTextDescription: grey,
      colorTextTertiary: grey,
      colorError: theme.dark ? '#f26b6e' : '#cf1322',
    },
    components: {
      Layout: { siderBg: surfaces.surface, headerBg: surfaces.surface, bodyBg: surfaces.bg },
      Menu: {
        itemSelectedColor: accent,
        subMenuItemSelectedColor: accent,
        itemBg: surfaces.surface,
        subMenuItemBg: surfaces.surface,
      },
      Tabs: { itemSelectedColor: accent, itemActiveColor: accent, itemHoverColor: accent, inkBarColor: theme.color },
      Tree: { nodeSelectedColor: accent },
      // A red button's words are dark in dark mode: the red there is light enough to read as text
      // on the dark surfaces, too light for white words on it (3:1).
      Button: {
        colorLink: accent,
        colorLinkHover: accent,
        colorLinkActive: accent,
        ...(theme.dark ? { dangerColor: 'rgba(0, 0, 0, 0.88)' } : {}),
      },
      Typography: { colorLink: accent },
      // A switch's words ("Enabled", "Disabled") are white on its track: antd's light grey track
      // reads at 1.8:1 when off; this one at 4.7:1. The dark track already reads.
      Switch: theme.dark
        ? {}
        : { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    },
  };
}

/**
 * Run before the shell first renders: the current language's texts of antd, dayjs and the modules
 * that load theirs lazily. A failure leaves a text untranslated rather than the screen blank.
 */
export async function prepareShell() {
  const locale = i18n.language as Locale;
  await Promise.allSettled([loadUiLocale(locale), loadMessages(locale)]);
}

/**
 * The signed-in application: antd (themed, in the user's language), then the user and the menus,
 * the tabs, sidebar, header and views. The guard's rules for signed-out users live in the router
 * (App.tsx).
 */
export default function Shell() {
  const { i18n: i18next } = useTranslation();
  const theme = useTheme();
  const reducedMotion = useReducedMotion();
  const locale = i18next.language as Locale;
  // A language switch waits for antd's texts in the new language, then re-renders once.
  useEffect(() => beforeLocaleChange(loadUiLocale), []);
  useEffect(() => wrapDialogFocus(), []);
  return (
    <ConfigProvider
      locale={uiLocale(locale)}
      theme={themeConfig(theme, reducedMotion)}
      wave={{ disabled: reducedMotion }}
    >
      <FeedbackProvider>
        <QueryClientProvider client={queryClient}>
          <ShellLayout />
        </QueryClientProvider>
      </FeedbackProvider>
    </ConfigProvider>
  );
}

/**
 * How long the page must have fetched nothing (the first screen's code, texts and data all in)
 * before the shell loads the other screens' code (see ShellLayout): it never competes with them.
 */
const PREFETCH_AFTER_QUIET_MS = 1000;

/**
 * Runs `fn` once the page has finished no resource for `ms` (the browser's resource timing), when
 * the browser is idle; answers a function that cancels it.
 */
function afterQuiet(ms: number, fn: () => void): () => void {
  const idle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run) : setTimeout(run, 0);
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    observer?.disconnect();
    idle(fn);
  };
  timer = setTimeout(fire, ms);
  if (typeof PerformanceObserver === 'function') {
    observer = new PerformanceObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(fire, ms);
    });
    observer.observe({ type: 'resource' });
  }
  return () => {
    clearTimeout(timer);
    observer?.disconnect();
  };
}

/**
 * The tabs to draw: the open ones and, if it has no tab yet, the page being opened. It is drawn in
 * the render of the route change, before the effect that adds its tab, so that a screen's first
 * open is one render instead of two (bench/browser.mjs); the tab the effect adds has the same key
 * and version, so the view stays mounted.
 */
function withOpening(tabs: Tab[], opening: { key: string; titleKept: string; keepAlive: boolean } | null): Tab[] {
  if (!opening || tabs.some((tab) => tab.key === opening.key)) return tabs;
  const title = JSON.parse(opening.titleKept) as TabTitle;
  return [...tabs, { key: opening.key, title, keepAlive: opening.keepAlive, version: 0 }];
}

/**
 * Once `ready` (the menus known, no sign-in step owed): the code of the menu's screens, then of the
 * dialogs they define, loaded one after another while the browser is idle, a moment after the first
 * screen, so that each opens without waiting for its chunks; last, once `warming`, the shell
 * mounts StyleWarmup (antd's token variables for the screens' components), which calls `warmed`.
 * It stays mounted: antd takes a component's token variables (the `.ant-table-css-var` rules) out
 * of the page when the last component using them unmounts, and a list opened after that wrote
 * them again, each a style sheet of its own and a restyle of the whole page, in its first render.
 * `data-prefetched` on the page says when it is all done (bench/browser.mjs waits for it).
 */
function useIdlePrefetch(ready: boolean, tree: readonly MenuItem[]) {
  const [warming, setWarming] = useState(false);
  const warmed = useCallback(() => {
    document.documentElement.dataset.prefetched = 'true';
  }, []);
  useEffect(() => {
    if (!ready) return;
    const viewPaths = flattenPages(tree).flatMap((item) => (item.viewPath ? [item.viewPath] : []));
    let cancelled = false;
    const run = async () => {
      await prefetchViews(viewPaths);
      if (cancelled) return;
      await prefetchDeferred();
      if (!cancelled) setWarming(true);
    };
    const stop = afterQuiet(PREFETCH_AFTER_QUIET_MS, () => void (cancelled ? undefined : run()));
    return () => {
      cancelled = true;
      stop();
    };
  }, [ready, tree]);
  return { warming, warmed };
}

function ShellLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const screen = useScreen();
  const theme = useTheme();
  const { tree, loaded, load } = useMenus();
  const setUserInfo = useSession((s) => s.setUserInfo);
  const [failed, setFailed] = useState<string | null>(null);
  // The user's fold, kept with the app settings: the sidebar opens as it was left.
  const folded = useAppSettings((s) => s.menuFolded);
  const updateSettings = useAppSettings((s) => s.update);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  const [groupId, setGroupId] = useState<number | null>(null);
  const openTab = useTabs((s) => s.open);
  const retitleTab = useTabs((s) => s.retitle);
  const tabs = useTabs((s) => s.tabs);

  // A sign-in step still owed (a forced password change, a 2FA enrolment): undefined until known.
  const [pending, setPending] = useState<PendingStep | null | undefined>(undefined);
  const readPerson = useCallback(
    () =>
      call(sessionApi.person).then((person) => {
        setUserInfo(person);
        setPending(person.pendingStep ?? null);
      }),
    [setUserInfo],
  );

  useEffect(() => {
    let cancelled = false;
    Promise.all([load(), readPerson()]).catch((error: Error) => {
      if (!cancelled) setFailed(error.message);
    });
    return () => {
      cancelled = true;
    };
  }, [load, readPerson]);

  const { warming, warmed } = useIdlePrefetch(loaded && pending === null, tree);

  const mobile = screen === 'xs';
  // The fold follows the screen size until the user folds or unfolds by hand.
  const collapsed = mobile ? false : (folded ?? (screen === 'sm' || screen === 'md'));
  const home = useMemo(() => findHome(tree), [tree]);
  const homePath = home?.router ?? '/';
  const path = location.pathname;
  const key = `${path}${location.search}`;
  const route = loaded ? resolveRoute(path, tree) : undefined;

  // A tab opens when the page shown changes, and only then: an effect that ran again for the same
  // page (a re-render, StrictMode, the language) would bring back a tab the user just closed (close
  // all, or close others while the next page is still loading) before the navigation lands.
  // For the same page it only follows the title (a language switch).
  // `t` above re-renders the shell in a new language; routeTitle translates in the one in use.
  const tabTitle = route ? routeTitle(route) : null;
  // The tab keeps the title untranslated (its key), so that every tab follows a language switch.
  const tabTitleKept = route ? JSON.stringify(routeTitleOf(route)) : null;
  const tabKeepAlive = route?.keepAlive ?? false;
  // A route marking process false is shown without a tab (docs/spec.md §2).
  const tracked = route?.process ?? false;
  useDocumentTitle(tabTitle);
  const openedKey = useRef<string | null>(null);
  useEffect(() => {
    if (tabTitleKept === null || !tracked) return;
    const title = JSON.parse(tabTitleKept) as TabTitle;
    if (openedKey.current === key) {
      retitleTab(key, title);
      return;
    }
    openedKey.current = key;
    openTab({ key, title, keepAlive: tabKeepAlive });
  }, [key, tabTitleKept, tabKeepAlive, tracked, openTab, retitleTab]);
  const shownTabs = useMemo(
    () =>
      withOpening(
        tabs,
        tracked && tabTitleKept !== null ? { key, titleKept: tabTitleKept, keepAlive: tabKeepAlive } : null,
      ),
    [tabs, key, tabTitleKept, tabKeepAlive, tracked],
  );

  // The scrolling area, once shown (a state, so that the scroll keeping starts when it appears).
  const [content, setContent] = useState<HTMLElement | null>(null);
  useTabScroll(content, key);

  const groups = groupsOf(tree);
  const activeGroup = theme.isGroup
    ? (groups.find((g) => g.id === groupId) ??
      groups.find((g) => route?.menu && pathTo(tree, route.menu.id)[0]?.id === g.id) ??
      groups[0])
    : undefined;
  const sideItems = activeGroup ? (activeGroup.type === 0 ? activeGroup.children : [activeGroup]) : tree;
  const crumbs = route?.menu
    ? pathTo(tree, route.menu.id).map((m) => menuName(m.name))
    : tabTitle !== null
      ? [tabTitle]
      : [];

  if (failed) {
    return <Status title={t('common.loadFailed')} detail={failed} />;
  }
  if (!loaded || pending === undefined) {
    return (
      <div className="app-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (pending !== null) {
    const Step = signInStepView(pending);
    if (!Step) return <Status title={t('common.loadFailed')} detail={pending} />;
    return (
      <Suspense fallback={<div className="app-loading" />}>
        <Step onDone={() => void readPerson().catch((error: Error) => setFailed(error.message))} />
      </Suspense>
    );
  }
  if (path === '/' && home?.router && home.router !== '/') return <Navigate to={home.router} replace />;
  if (!route && !(path === '/' && !home)) return <Navigate to="/404" replace />;

  const sidebar = (
    <Sidebar items={sideItems} path={path} collapsed={collapsed} onNavigate={() => setMobileOpen(false)} />
  );
  const groupTabs =
    theme.isGroup && groups.length > 0 ? (
      <Tabs
        className="group-tabs"
        size="small"
        activeKey={String(activeGroup?.id ?? '')}
        onChange={(id) => {
          setGroupId(Number(id));
          const group = groups.find((g) => g.id === Number(id));
          const [first] = group ? flattenPages([group]) : [];
          if (first?.router) navigate(first.router);
        }}
        items={groups.map((g) => ({ key: String(g.id), label: menuName(g.name) }))}
      />
    ) : undefined;

  return (
    <Layout className="app-layout" hasSider>
      {mobile ? (
        <Suspense fallback={null}>
          <MobileSidebar open={mobileOpen} onClose={() => setMobileOpen(false)}>
            <Brand collapsed={false} home={homePath} onClick={() => setMobileOpen(false)} />
            {sidebar}
          </MobileSidebar>
        </Suspense>
      ) : (
        <Layout.Sider
          className="app-sider"
          width={220}
          collapsedWidth={64}
          collapsed={collapsed}
          // antd's dark sider is navy; the dark algorithm already gives the light one dark surfaces.
          theme="light"
          trigger={null}
        >
          <Brand collapsed={collapsed} home={homePath} />
          {sidebar}
        </Layout.Sider>
      )}
      <Layout className="app-main">
        <Header
          collapsed={mobile ? !mobileOpen : collapsed}
          onToggle={() => (mobile ? setMobileOpen(!mobileOpen) : updateSettings({ menuFolded: !collapsed }))}
          crumbs={crumbs}
          groups={groupTabs}
          onOpenSettings={() => {
            setSettingsUsed(true);
            setSettingsOpen(true);
          }}
        />
        <TabsBar activeKey={key} homePath={homePath} />
        <Layout.Content className="app-content" ref={setContent}>
          {route?.kind === 'view' && !route.process ? (
            <UntrackedView
              view={route.view}
              path={path}
              search={location.search}
              params={route.params}
              title={tabTitle ?? ''}
            />
          ) : route ? (
            <ViewHost tabs={shownTabs} activeKey={key} tree={tree} transition={theme.transition} />
          ) : (
            <Empty className="no-menus" description={t('layout.noMenus')} />
          )}
        </Layout.Content>
      </Layout>
      {warming && (
        <Suspense fallback={null}>
          <StyleWarmup onDone={warmed} />
        </Suspense>
      )}
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}

import { Spin } from 'antd';
import { Activity, Component, type ComponentType, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../core/feedback';
import { i18n } from '../core/i18n';
import type { MenuItem } from '../core/menu';
import { TabRouteContext } from '../core/route-context';
import { resolveRoute, routeTitle } from '../core/routes';
import type { Tab } from '../core/tabs';
import { Status } from '../ui/Status';

const RELOAD_FLAG = 'backroom.reloadedFor';

/** A view that fails to load shows 'page has an error: {message}' and reloads the page once (docs/spec.md §2). */
class ViewBoundary extends Component<{ children: ReactNode; path: string }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    feedback.error(i18n.t('router.loadError', { message: error.message }));
    if (sessionStorage.getItem(RELOAD_FLAG) !== this.props.path) {
      sessionStorage.setItem(RELOAD_FLAG, this.props.path);
      window.setTimeout(() => window.location.reload(), 1500);
    }
  }

  override render() {
    if (this.state.error) {
      return <Status title={i18n.t('router.loadError', { message: this.state.error.message })} />;
    }
    return this.props.children;
  }
}

function Loading() {
  return (
    <div className="view-loading">
      <Spin />
    </div>
  );
}

function TabView({ tab, tree, active }: { tab: Tab; tree: readonly MenuItem[]; active: boolean }) {
  // Subscribed to the language, so the title below (routeTitle) follows a switch.
  useTranslation();
  const [pathname, search = ''] = tab.key.split('?');
  const route = resolveRoute(pathname ?? '/', tree);
  if (!route) return null;
  const content =
    route.kind === 'frame' ? (
      <iframe
        className="view-frame"
        src={route.url}
        title={routeTitle(route)}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    ) : (
      <route.view />
    );
  return (
    <TabRouteContext.Provider
      value={{
        path: pathname ?? '/',
        search: search ? `?${search}` : '',
        params: route.kind === 'view' ? route.params : {},
        active,
      }}
    >
      <ViewBoundary path={tab.key}>
        <Suspense fallback={<Loading />}>
          <section className="view" key={tab.version} aria-label={routeTitle(route)}>
            {content}
          </section>
        </Suspense>
      </ViewBoundary>
    </TabRouteContext.Provider>
  );
}

/**
 * A page shown without a tab (its route marks process false): the view alone, mounted while shown.
 */
export function UntrackedView({
  view: View,
  path,
  search,
  params,
  title,
}: {
  view: ComponentType;
  path: string;
  search: string;
  params: Record<string, string | undefined>;
  title: string;
}) {
  return (
    <div className="view-host">
      <div className="view-slot active">
        <TabRouteContext.Provider value={{ path, search, params, active: true }}>
          <ViewBoundary path={path}>
            <Suspense fallback={<Loading />}>
              <section className="view" aria-label={title}>
                <View />
              </section>
            </Suspense>
          </ViewBoundary>
        </TabRouteContext.Provider>
      </div>
    </div>
  );
}

/**
 * Renders the open tabs: kept-alive views stay mounted but hidden (React's <Activity>), so their
 * state survives a switch; the others mount only while shown.
 */
export function ViewHost({
  tabs,
  activeKey,
  tree,
  transition,
}: {
  tabs: readonly Tab[];
  activeKey: string;
  tree: readonly MenuItem[];
  transition: string;
}) {
  return (
    <div className={`view-host transition-${transition}`}>
      {tabs.map((tab) => {
        const active = tab.key === activeKey;
        if (!tab.keepAlive && !active) return null;
        return (
          <Activity key={tab.key} mode={active ? 'visible' : 'hidden'}>
            <div className={active ? 'view-slot active' : 'view-slot'}>
              <TabView tab={tab} tree={tree} active={active} />
            </div>
          </Activity>
        );
      })}
    </div>
  );
}

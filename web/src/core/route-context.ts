import { createContext, useContext } from 'react';

/** The path and parameters of the tab a view lives in (kept-alive views are not the router's current match). */
export type TabRoute = { path: string; search: string; params: Record<string, string | undefined>; active: boolean };

export const TabRouteContext = createContext<TabRoute>({ path: '/', search: '', params: {}, active: true });

export const useTabRoute = () => useContext(TabRouteContext);

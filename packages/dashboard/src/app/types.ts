import type { ComponentType, ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { MenuLabelKey } from './menu.messages';

/** The six menu sections, in menu order (CONSOLE-REFERENCE §5). */
export const MENU_SECTIONS = ['monitoring', 'accessControl', 'integration', 'management', 'diagnostics', 'system'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/** A tab of a menu item with sub-menus (e.g. Cluster Overview › Overview | Nodes | Metrics). */
export interface FeatureTab {
  /** Route path of the tab, e.g. 'dashboard/nodes'. A tab only shows when some feature registers that path. */
  path: string;
  /** Key in ns 'menu'. */
  labelKey: MenuLabelKey;
}

export interface FeatureMenu {
  section: MenuSection;
  /** Menu item id = the first path segment of the screen (e.g. 'clients'); it stays highlighted on sub-routes. */
  key: string;
  /** Key in ns 'menu'. */
  labelKey: MenuLabelKey;
  /** Position inside the section (ascending). */
  order: number;
  icon?: ReactNode;
  /** Sub-menus shown as tabs above the screen; the menu item links to this route's path. */
  tabs?: FeatureTab[];
}

export interface FeatureRoute {
  /** Relative to the root, no leading slash, e.g. 'clients/detail/:clientId'. */
  path: string;
  /** Code-split screen; loading gives up after 120 s with a retry button. */
  lazy: () => Promise<{ default: ComponentType }>;
  /** Registers a menu item (and makes the screen reachable from the quick search). */
  menu?: FeatureMenu;
  /** The element stays mounted (hidden) when navigating away, e.g. the WebSocket client. */
  keepAlive?: boolean;
  /** labelKey (ns 'menu') for the quick search, for screens without a menu item. */
  title?: MenuLabelKey;
  /** Hidden when the logged-in node is an open-source EMQX (edition ce/opensource). */
  enterpriseOnly?: boolean;
  /**
   * Starts the screen's first queries when navigation to it begins (signed in only), in parallel with loading the
   * layout and screen chunks. Use the same query key and function as the screen's hooks so they find the data.
   */
  prefetch?: (ctx: PrefetchContext) => void;
}

export interface PrefetchContext {
  queryClient: QueryClient;
  /** Route parameters, e.g. { clientId } for 'clients/detail/:clientId'. */
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
}

// Pure helpers turning the registered feature routes into menu entries, tabs and quick-search targets.
import type { FeatureRoute, FeatureTab, MenuSection } from '../types';
import { MENU_SECTIONS } from '../types';
import type { MenuLabelKey } from '../menu.messages';
import { isOpenSource } from '../session';

export interface MenuEntry {
  key: string;
  section: MenuSection;
  labelKey: MenuLabelKey;
  order: number;
  icon?: React.ReactNode;
  /** Absolute path the item links to. */
  to: string;
  /** Registered tabs only. */
  tabs: FeatureTab[];
}

export function visibleRoutes(features: FeatureRoute[], edition: string | undefined): FeatureRoute[] {
  return isOpenSource(edition) ? features.filter((f) => !f.enterpriseOnly) : features;
}

export function menuEntries(features: FeatureRoute[], edition: string | undefined): MenuEntry[] {
  const routes = visibleRoutes(features, edition);
  const paths = new Set(routes.map((r) => r.path));
  const entries: MenuEntry[] = [];
  for (const r of routes) {
    if (!r.menu || entries.some((e) => e.key === r.menu!.key)) continue;
    entries.push({
      key: r.menu.key,
      section: r.menu.section,
      labelKey: r.menu.labelKey,
      order: r.menu.order,
      icon: r.menu.icon,
      to: `/${r.path}`,
      tabs: (r.menu.tabs ?? []).filter((t) => paths.has(t.path)),
    });
  }
  return entries.sort((a, b) => MENU_SECTIONS.indexOf(a.section) - MENU_SECTIONS.indexOf(b.section) || a.order - b.order);
}

/** The entry owning the current path: same first segment (so detail pages keep their item highlighted). */
export function activeEntry(entries: MenuEntry[], pathname: string): MenuEntry | undefined {
  const first = pathname.replace(/^\/+/, '').split('/')[0];
  return entries.find((e) => e.key === first);
}

/** The tab matching the current path (longest prefix). */
export function activeTab(entry: MenuEntry | undefined, pathname: string): FeatureTab | undefined {
  const p = pathname.replace(/^\/+/, '');
  return entry?.tabs.filter((t) => p === t.path || p.startsWith(`${t.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
}

export interface SearchTarget {
  to: string;
  labelKey: MenuLabelKey;
  /** Label of the owning menu item for tabs, e.g. Cluster Overview › Nodes. */
  parentKey?: MenuLabelKey;
}

/** Every screen the quick search can open: menu items, their tabs, and titled routes without parameters. */
export function searchTargets(features: FeatureRoute[], edition: string | undefined): SearchTarget[] {
  const out: SearchTarget[] = [];
  const seen = new Set<string>();
  const add = (t: SearchTarget) => {
    if (seen.has(t.to)) return;
    seen.add(t.to);
    out.push(t);
  };
  for (const e of menuEntries(features, edition)) {
    add({ to: e.to, labelKey: e.labelKey });
    for (const tab of e.tabs) add({ to: `/${tab.path}`, labelKey: tab.labelKey, parentKey: e.labelKey });
  }
  for (const r of visibleRoutes(features, edition)) {
    if (r.title && !r.path.includes(':')) add({ to: `/${r.path}`, labelKey: r.title });
  }
  return out;
}

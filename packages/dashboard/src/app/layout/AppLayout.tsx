// The signed-in frame: collapsible six-section menu, header, sub-menu tabs, the screen, kept-alive screens.
import { useMemo, useState } from 'react';
import { Layout, Menu, Tabs, theme } from 'antd';
import type { MenuProps } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { featureRoutes } from '../features';
import { MENU_SECTIONS } from '../types';
import { useSession } from '../session';
import { activeEntry, activeTab, menuEntries } from './menuModel';
import { HeaderBar } from './HeaderBar';
import { KeepAliveHost } from './KeepAliveHost';
import { Logo } from './Logo';
import { usePhone } from './usePhone';
import './layout.messages';

const COLLAPSE_KEY = 'leftBarCollapse';

export default function AppLayout() {
  const { t } = useTranslation('menu');
  const { token } = theme.useToken();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSE_KEY) === 'true');
  // On a phone the menu is a drawer over the screen, closed until the header's menu button opens it; the collapse
  // choice of a wide window is kept for when it is wide again.
  const phone = usePhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const siderCollapsed = phone ? !drawerOpen : collapsed;
  const entries = useMemo(() => menuEntries(featureRoutes, session?.edition), [session?.edition]);
  const current = activeEntry(entries, location.pathname);
  const tab = activeTab(current, location.pathname);

  const items: MenuProps['items'] = MENU_SECTIONS.map((section) => ({ section, list: entries.filter((e) => e.section === section) }))
    .filter((g) => g.list.length > 0)
    .map((g) => ({
      type: 'group' as const,
      key: g.section,
      label: siderCollapsed ? undefined : t(g.section),
      children: g.list.map((e) => ({ key: e.key, icon: e.icon, label: t(e.labelKey) })),
    }));

  function onCollapse(next: boolean) {
    setCollapsed(next);
    localStorage.setItem(COLLAPSE_KEY, String(next));
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {phone && drawerOpen && (
        <div data-testid="menu-backdrop" onClick={() => setDrawerOpen(false)} style={{ position: 'fixed', inset: 0, background: token.colorBgMask, zIndex: 99 }} />
      )}
      <Layout.Sider
        collapsible={!phone}
        collapsed={siderCollapsed}
        collapsedWidth={phone ? 0 : undefined}
        trigger={phone ? null : undefined}
        onCollapse={onCollapse}
        theme="light"
        width={224}
        style={{
          borderInlineEnd: siderCollapsed && phone ? 'none' : `1px solid ${token.colorBorderSecondary}`,
          height: '100vh',
          ...(phone ? { position: 'fixed', insetInlineStart: 0, top: 0, zIndex: 100 } : { position: 'sticky', top: 0 }),
        }}
      >
        {/* the menu scrolls inside the area above the collapse trigger, so no item can sit under the trigger */}
        <div style={{ height: '100%', overflowY: 'auto' }}>
          <Logo collapsed={siderCollapsed} />
          <Menu
            mode="inline"
            items={items}
            selectedKeys={current ? [current.key] : []}
            onClick={({ key }) => {
              const e = entries.find((x) => x.key === key);
              if (e) void navigate(e.to);
              setDrawerOpen(false);
            }}
            style={{ borderInlineEnd: 'none' }}
          />
        </div>
      </Layout.Sider>
      <Layout>
        <HeaderBar title={current ? t(current.labelKey) : ''} compact={phone} onOpenMenu={phone ? () => setDrawerOpen(true) : undefined} />
        <Layout.Content style={{ padding: phone ? token.paddingSM : token.paddingLG, minWidth: 0 }}>
          {current && current.tabs.length > 1 && tab && (
            <Tabs activeKey={tab.path} items={current.tabs.map((x) => ({ key: x.path, label: t(x.labelKey) }))} onChange={(key) => void navigate(`/${key}`)} />
          )}
          <Outlet />
          <KeepAliveHost />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

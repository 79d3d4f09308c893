import { useState } from 'react';
import { App, Button, Dropdown, Flex, Layout, Typography, theme } from 'antd';
import { BgColorsOutlined, GlobalOutlined, MenuOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { logout } from '../auth';
import { toast } from '../bridge';
import { setLanguage, useLanguage } from '../../i18n/language';
import { setSyncOsTheme, setTheme, useThemeState } from '../../theme/themeStore';
import { ChangePasswordModal } from '../../shared/ChangePasswordModal';
import { QuickSearch } from './QuickSearch';
import { UpstreamBadge } from './UpstreamBadge';
import { BrokerSwitcher } from '../brokers/BrokerSwitcher';
import '../../shared/password.messages';

interface HeaderBarProps {
  title: string;
  /** Phone width: tighter padding, icon-only buttons, the title on one line (cut with an ellipsis). */
  compact?: boolean;
  /** Shows a menu button first (phones, where the menu is a drawer). */
  onOpenMenu?: () => void;
}

export function HeaderBar({ title, compact, onOpenMenu }: HeaderBarProps) {
  const { t } = useTranslation(['layout', 'common', 'password']);
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const session = useSession();
  const lang = useLanguage();
  const themeState = useThemeState();
  const [searchOpen, setSearchOpen] = useState(false);
  const [pwdOpen, setPwdOpen] = useState(false);
  const themeKey = themeState.syncOsTheme ? 'os' : themeState.theme;

  function confirmLogout() {
    modal.confirm({
      title: t('confirmLogout'),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      onOk: () => logout({ callApi: true, from: '/' }).catch(() => undefined),
    });
  }

  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: compact ? token.paddingSM : token.paddingLG,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: token.marginXS,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {onOpenMenu && <Button type="text" icon={<MenuOutlined />} aria-label={t('openMenu')} onClick={onOpenMenu} />}
      {/* the title gives way to the buttons: one line, cut with an ellipsis, never one letter per line */}
      <Typography.Title level={4} ellipsis={{ tooltip: title }} style={{ margin: 0, flex: 1, minWidth: 0 }}>
        {title}
      </Typography.Title>
      <Flex align="center" gap={compact ? 0 : token.marginXS} style={{ flex: 'none' }}>
        <UpstreamBadge compact={compact} />
        <BrokerSwitcher compact={compact} />
        <QuickSearch open={searchOpen} onOpenChange={setSearchOpen} />
        <Button type="text" icon={<SearchOutlined />} aria-label={t('quickSearch')} onClick={() => setSearchOpen(true)} />
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [lang],
            items: [
              { key: 'en', label: 'English' },
              { key: 'zh', label: '中文' },
            ],
            onClick: ({ key }) => setLanguage(key === 'zh' ? 'zh' : 'en'),
          }}
        >
          <Button type="text" icon={<GlobalOutlined />} aria-label={t('language')}>
            {compact ? null : lang === 'zh' ? '中文' : 'English'}
          </Button>
        </Dropdown>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [themeKey],
            items: [
              { key: 'light', label: t('themeLight') },
              { key: 'dark', label: t('themeDark') },
              { key: 'os', label: t('themeOs') },
            ],
            onClick: ({ key }) => (key === 'os' ? setSyncOsTheme(true) : setTheme(key === 'dark' ? 'dark' : 'light')),
          }}
        >
          <Button type="text" icon={<BgColorsOutlined />} aria-label={t('theme')} />
        </Dropdown>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'changePassword', label: t('changePassword') }, { type: 'divider' }, { key: 'logout', label: t('logout'), danger: true }],
            onClick: ({ key }) => (key === 'logout' ? confirmLogout() : setPwdOpen(true)),
          }}
        >
          <Button type="text" icon={<UserOutlined />} aria-label={t('userMenu')}>
            {compact ? null : session?.username}
          </Button>
        </Dropdown>
      </Flex>
      {session && (
        <ChangePasswordModal
          local
          open={pwdOpen}
          username={session.username}
          title={t('changePassword')}
          onClose={() => setPwdOpen(false)}
          onChanged={() => {
            setPwdOpen(false);
            void toast().success(t('password:changeSuccess'));
            // The server revoked our token: log in again with the new password.
            void logout({ from: '/' });
          }}
        />
      )}
    </Layout.Header>
  );
}

import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme as antdTheme } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useThemeState } from '../theme/themeStore';
import { useLanguage } from '../i18n/language';
import { useMediaQuery } from '../shared/useMediaQuery';
import { registerQueryClient } from './auth';
import '../i18n/common.messages';
import './menu.messages';

/**
 * A loading icon of our own turns off antd's grow/shrink motion of the default one. That motion removes the icon only
 * on transitionend; when a request ends inside the grow (a Test answered in < 0.3 s under load) the event can be lost,
 * and the invisible icon stays in the button for good: its accessible name stays 'loading Test' (screen readers, and
 * the browser test that twice could not find the 'Test' button after a first successful test).
 */
const BUTTON = { loadingIcon: <LoadingOutlined /> };

interface Props {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Theme (antd tokens only), antd locale, antd App (message/modal context) and the query client. An operator whose OS
 * asks for reduced motion gets none: dialogs, drawers and dropdowns appear in place instead of zooming or sliding.
 */
export function Providers({ queryClient, children }: Props) {
  const { effective } = useThemeState();
  const lang = useLanguage();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  registerQueryClient(queryClient);
  return (
    <ConfigProvider
      locale={lang === 'zh' ? zhCN : enUS}
      theme={{ algorithm: effective === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, cssVar: {}, token: { motion: !reducedMotion } }}
      button={BUTTON}
    >
      <AntdApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

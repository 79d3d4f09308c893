import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useThemeState } from '../theme/themeStore';
import { useLanguage } from '../i18n/language';
import { registerQueryClient } from './auth';
import '../i18n/common.messages';
import './menu.messages';

interface Props {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Theme (antd tokens only), antd locale, antd App (message/modal context) and the query client. */
export function Providers({ queryClient, children }: Props) {
  const { effective } = useThemeState();
  const lang = useLanguage();
  registerQueryClient(queryClient);
  return (
    <ConfigProvider
      locale={lang === 'zh' ? zhCN : enUS}
      theme={{ algorithm: effective === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, cssVar: {} }}
    >
      <AntdApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

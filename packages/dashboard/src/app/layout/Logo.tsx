import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** Product mark: a rounded square with a "signal" glyph in the primary colour, then the name. */
export function Logo({ collapsed, size = 28 }: { collapsed?: boolean; size?: number }) {
  const { token } = theme.useToken();
  const { t } = useTranslation('layout');
  return (
    <Flex align="center" gap={token.marginSM} style={{ height: 64, paddingInline: collapsed ? 26 : token.paddingLG }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={token.colorPrimary} />
        <circle cx="10" cy="22" r="3" fill={token.colorWhite} />
        <path d="M9 13a10 10 0 0 1 10 10M9 7a16 16 0 0 1 16 16" stroke={token.colorWhite} strokeWidth="3" fill="none" strokeLinecap="round" />
      </svg>
      {!collapsed && (
        <Typography.Text strong style={{ fontSize: token.fontSizeHeading4, whiteSpace: 'nowrap' }}>
          {t('productName')}
        </Typography.Text>
      )}
    </Flex>
  );
}

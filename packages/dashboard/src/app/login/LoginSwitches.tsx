import { Flex, Segmented, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLanguage } from '../../i18n/language';
import { setSyncOsTheme, setTheme, useThemeState } from '../../theme/themeStore';
import '../layout/layout.messages';

/** Language and theme switches on the login page (before any header exists). */
export function LoginSwitches() {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const lang = useLanguage();
  const { theme: chosen, syncOsTheme } = useThemeState();
  return (
    <Flex justify="end" gap={token.marginSM} style={{ marginBottom: token.marginLG }}>
      <Segmented
        aria-label={t('language')}
        size="small"
        value={lang}
        onChange={(v) => setLanguage(v === 'zh' ? 'zh' : 'en')}
        options={[
          { value: 'en', label: 'English' },
          { value: 'zh', label: '中文' },
        ]}
      />
      <Segmented
        aria-label={t('theme')}
        size="small"
        value={syncOsTheme ? 'os' : chosen}
        onChange={(v) => (v === 'os' ? setSyncOsTheme(true) : setTheme(v === 'dark' ? 'dark' : 'light'))}
        options={[
          { value: 'light', label: t('themeLight') },
          { value: 'dark', label: t('themeDark') },
          // as in the header's theme menu
          { value: 'os', label: t('themeOs') },
        ]}
      />
    </Flex>
  );
}

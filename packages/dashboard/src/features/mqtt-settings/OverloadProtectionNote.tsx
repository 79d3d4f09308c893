// The Force Shutdown tab's note on overload_protection (hidden in EMQX 5.8's console and global zone): what this
// node does with it (docs/node-counterparts.md), so shown in front of MQDeck's node only. Kept apart from the
// force_shutdown form it sits next to.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import './overload-protection.messages';

export function OverloadProtectionNote() {
  const { t } = useTranslation('overloadProtection');
  return <Alert type="info" showIcon title={t('title')} description={t('body')} style={{ marginBottom: 16, maxWidth: 640 }} />;
}

// System › License (EMQX Enterprise console /license): what the node states about its license (no key, no expiry,
// the listeners' real connection limit) and the connection watermarks (PUT /license/setting).
import { Alert, Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../shared/PageSection';
import { errorText } from '../../shared/apiErrors';
import { SettingsScreen } from '../../shared/forms/SettingsScreen';
import type { FieldSpec } from '../../shared/forms/fieldSpec';
import { formatNumber } from '../../shared/format';
import { useLicenseQuery, useLicenseSettingQuery, useSaveLicenseSettingMutation, type LicenseSetting } from './license.api';
import './license.messages';

const FIELDS: FieldSpec[] = [
  { path: 'connection_high_watermark', label: 'connection_high_watermark', kind: 'percent', required: true, help: 'help_high' },
  { path: 'connection_low_watermark', label: 'connection_low_watermark', kind: 'percent', required: true, help: 'help_low' },
];

export default function LicensePage() {
  const { t } = useTranslation(['license', 'common']);
  const info = useLicenseQuery();
  const l = info.data;
  return (
    <>
      <PageSection title={t('title')}>
        <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 16, maxWidth: 720 }} />
        {info.isLoading && <Spin />}
        {info.isError && <Alert type="error" showIcon title={errorText(info.error)} style={{ maxWidth: 720 }} />}
        {l && (
          <Descriptions bordered column={1} size="small" style={{ maxWidth: 720 }}>
            <Descriptions.Item label={t('edition')}>{t(l.edition === 'ee' ? 'edition_ee' : 'edition_ce')}</Descriptions.Item>
            <Descriptions.Item label={t('type')}>{l.type === 'community' ? t('type_community') : l.type}</Descriptions.Item>
            <Descriptions.Item label={t('customer')}>{l.customer}</Descriptions.Item>
            <Descriptions.Item label={t('deployment')}>{l.deployment}</Descriptions.Item>
            <Descriptions.Item label={t('maxConnections')}>
              {l.max_connections === 'infinity' ? t('unlimited') : `${formatNumber(l.max_connections)} (${t('maxConnectionsNote')})`}
            </Descriptions.Item>
            <Descriptions.Item label={t('startAt')}>{l.start_at}</Descriptions.Item>
            <Descriptions.Item label={t('expiryAt')}>{l.expiry_at === 'infinity' || !l.expiry_at ? t('never') : l.expiry_at}</Descriptions.Item>
          </Descriptions>
        )}
      </PageSection>
      <SettingsScreen<LicenseSetting>
        name="license-setting"
        ns="license"
        title={t('settingTitle')}
        component="license"
        fields={FIELDS}
        query={useLicenseSettingQuery()}
        save={useSaveLicenseSettingMutation()}
      />
    </>
  );
}

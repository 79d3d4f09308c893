import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@mqdeck/api';
import { formatDateTime } from '../../../shared/format';
import { ApiKeyStatus } from './ApiKeyStatus';
import { neverExpires } from '../api-keys.api';

export function ApiKeyDrawer({ apiKey, withRole, onClose }: { apiKey: ApiKey | null; withRole: boolean; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  return (
    <Drawer open={!!apiKey} title={t('keyDetails')} onClose={onClose} size={480}>
      {apiKey && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('name')}>{apiKey.name}</Descriptions.Item>
          <Descriptions.Item label={t('apiKey')}>{apiKey.api_key}</Descriptions.Item>
          <Descriptions.Item label={t('secretKey')}>{t('secretHidden')}</Descriptions.Item>
          <Descriptions.Item label={t('description')}>{apiKey.desc || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <ApiKeyStatus apiKey={apiKey} />
          </Descriptions.Item>
          <Descriptions.Item label={t('expireAt')}>{neverExpires(apiKey.expired_at) ? t('never') : formatDateTime(apiKey.expired_at)}</Descriptions.Item>
          <Descriptions.Item label={t('createdAt')}>{formatDateTime(apiKey.created_at)}</Descriptions.Item>
          {withRole && <Descriptions.Item label={t('role')}>{apiKey.role ?? '-'}</Descriptions.Item>}
        </Descriptions>
      )}
    </Drawer>
  );
}

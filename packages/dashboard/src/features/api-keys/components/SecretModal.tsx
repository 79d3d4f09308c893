// Shown once right after creation: the secret is not kept anywhere and never returned again by the API.
import { Alert, Descriptions, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@mqdeck/api';
import { CopyButton } from '../../../shared/CopyButton';

export function SecretModal({ created, onClose }: { created: ApiKey | null; onClose: () => void }) {
  const { t } = useTranslation(['apiKeys', 'common']);
  return (
    <Modal
      open={!!created}
      title={t('createdTitle')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common:ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('secretWarning')} description={t('basicAuthHint')} />
      <Descriptions column={1} bordered size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('apiKey')}>
          <Flex align="center" gap="small">
            <Typography.Text code data-testid="created-api-key">
              {created?.api_key}
            </Typography.Text>
            <CopyButton text={created?.api_key ?? ''} label={t('common:copy')} />
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('secretKey')}>
          <Flex align="center" gap="small">
            <Typography.Text code data-testid="created-api-secret" style={{ wordBreak: 'break-all' }}>
              {created?.api_secret}
            </Typography.Text>
            <CopyButton text={created?.api_secret ?? ''} label={t('common:copy')} />
          </Flex>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

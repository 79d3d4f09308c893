// The connector field of an action or source form: the connectors of the same type (EMQX pairs them by type),
// with a way to create one when there is none (a page of its own, or `onCreate`: the flow designer's drawer).
import { Button, Form, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isWebhookManaged, useConnectorsQuery } from '../../connectors/connectors.api';
import { typeLabel } from '../../connectors/components/TypePicker';

export function ConnectorPicker({ type, disabled, onCreate }: { type: string; disabled?: boolean; onCreate?: () => void }) {
  const { t } = useTranslation(['actions', 'common']);
  const connectors = useConnectorsQuery();
  const options = (connectors.data ?? []).filter((c) => c.type === type && !isWebhookManaged(c.name)).map((c) => ({ value: c.name, label: c.name }));
  const label = t('connector');
  return (
    <Form.Item
      name="connector"
      label={label}
      rules={[{ required: true, message: t('common:selectRequired', { name: label }) }]}
      extra={
        onCreate ? (
          <Button type="link" size="small" icon={<PlusOutlined />} style={{ paddingInline: 0 }} onClick={onCreate}>
            {t('newConnector')}
          </Button>
        ) : (
          !connectors.isLoading &&
          options.length === 0 && (
            <Typography.Text type="secondary">
              {t('connectorMissing', { type: typeLabel(type) })}{' '}
              <Link to="/connector/create">
                <Button type="link" size="small" icon={<PlusOutlined />}>
                  {t('newConnector')}
                </Button>
              </Link>
            </Typography.Text>
          )
        )
      }
    >
      <Select aria-label={label} loading={connectors.isLoading} disabled={disabled} options={options} style={{ width: 320 }} />
    </Form.Item>
  );
}

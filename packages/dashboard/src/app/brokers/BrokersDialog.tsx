// The brokers this node's console manages: what each said of itself (version, edition) when last checked, and
// add / change / remove for administrators.
import { useState } from 'react';
import { Button, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BrokerView } from '@mqdeck/api';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { CreateButton } from '../../shared/CreateButton';
import { useCanWrite } from '../../shared/useCanWrite';
import { isOpenSource } from '../session';
import { useDeleteBroker } from './brokers.api';
import { BrokerForm } from './BrokerForm';

export function BrokersDialog({ open, onClose, brokers }: { open: boolean; onClose: () => void; brokers: BrokerView[] }) {
  const { t } = useTranslation(['layout', 'common']);
  const canWrite = useCanWrite();
  const remove = useDeleteBroker();
  const [editing, setEditing] = useState<{ broker?: BrokerView } | null>(null);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={860} title={t('brokersTitle')} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('brokersHelp')}</Typography.Paragraph>
      {canWrite && (
        <div style={{ marginBottom: 12 }}>
          <CreateButton onClick={() => setEditing({})}>{t('brokerAdd')}</CreateButton>
        </div>
      )}
      <Table<BrokerView>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={brokers}
        locale={{ emptyText: t('brokersEmpty') }}
        columns={[
          { title: t('brokerName'), dataIndex: 'name' },
          { title: t('brokerUrl'), dataIndex: 'url' },
          { title: t('brokerVersion'), dataIndex: 'version' },
          { title: t('brokerEdition'), dataIndex: 'edition', render: (e: string) => t(isOpenSource(e) ? 'upstreamEditionCe' : 'upstreamEditionEe') },
          ...(canWrite
            ? [
                {
                  title: t('common:actions'),
                  key: 'actions',
                  render: (_: unknown, b: BrokerView) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => setEditing({ broker: b })}>
                        {t('common:edit')}
                      </Button>
                      <ConfirmAction title={t('brokerDeleteConfirm', { name: b.name })} danger onConfirm={() => remove.mutateAsync(b.id)}>
                        <Button type="link" size="small" danger>
                          {t('common:delete')}
                        </Button>
                      </ConfirmAction>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <BrokerForm open={editing !== null} broker={editing?.broker} onClose={() => setEditing(null)} />
    </Modal>
  );
}

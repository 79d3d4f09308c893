// Management › Advanced MQTT › Auto Subscribe: topics every client gets at connect (PUT /mqtt/auto_subscribe, whole list).
import { useState } from 'react';
import { Alert, Button, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/bridge';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { PageSection } from '../../shared/PageSection';
import { useCanWrite } from '../../shared/useCanWrite';
import { TopicModal } from './TopicModal';
import { useAutoSubscribeQuery, useSaveAutoSubscribeMutation, type AutoSubscription } from './auto-subscribe.api';
import './auto-subscribe.messages';

export default function AutoSubscribePage() {
  const { t } = useTranslation('autoSubscribe');
  const canWrite = useCanWrite();
  const list = useAutoSubscribeQuery();
  const save = useSaveAutoSubscribeMutation();
  const [editing, setEditing] = useState<{ open: boolean; index?: number }>({ open: false });
  const items = list.data ?? [];
  const yesNo = (v: number) => (v ? t('common:yes') : t('common:no'));

  const commit = async (next: AutoSubscription[]) => {
    await save.mutateAsync(next);
    void toast().success(t('common:saveSuccess'));
  };

  const columns = [
    { title: t('topic'), dataIndex: 'topic', key: 'topic' },
    { title: t('qos'), dataIndex: 'qos', key: 'qos' },
    { title: t('nl'), dataIndex: 'nl', key: 'nl', render: yesNo },
    { title: t('rap'), dataIndex: 'rap', key: 'rap', render: yesNo },
    { title: t('rh'), dataIndex: 'rh', key: 'rh' },
    ...(canWrite ? [{
      title: t('common:actions'),
      key: 'ops',
      render: (_: unknown, _r: AutoSubscription, i: number) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing({ open: true, index: i })}>{t('common:edit')}</Button>
          <ConfirmAction title={t('common:deleteConfirm')} danger successMessage={false} onConfirm={() => commit(items.filter((_, j) => j !== i))}>
            <Button type="link" size="small" danger>{t('common:delete')}</Button>
          </ConfirmAction>
        </Space>
      ),
    }] : []),
  ];

  return (
    <PageSection title={t('title')}
      extra={canWrite && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>{t('addTopic')}</Button>}>
      <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 16 }} />
      {list.isError && <Alert type="error" showIcon title={t('common:errorOccurred')} style={{ marginBottom: 16 }} />}
      <Table rowKey="topic" columns={columns} dataSource={items} loading={list.isLoading} pagination={false} />
      <TopicModal open={editing.open} item={editing.index === undefined ? undefined : items[editing.index]}
        others={items.filter((_, j) => j !== editing.index).map((x) => x.topic)} onCancel={() => setEditing({ open: false })}
        onSubmit={async (item) => {
          await commit(editing.index === undefined ? [...items, item] : items.map((x, j) => (j === editing.index ? item : x)));
          setEditing({ open: false });
        }} />
    </PageSection>
  );
}

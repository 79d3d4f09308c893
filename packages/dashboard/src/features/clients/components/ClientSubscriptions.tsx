import { useState } from 'react';
import { Alert, Button, Flex, Table, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '@mqdeck/api';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { CreateButton } from '../../../shared/CreateButton';
import { useClientSubscriptionsQuery, useUnsubscribeMutation } from '../clients.api';
import { AddSubscriptionModal } from './AddSubscriptionModal';
import '../clients.messages';
import { errorText } from '../../../shared/apiErrors';

interface Props {
  clientid: string;
  connected: boolean;
  canWrite: boolean;
  refetchInterval: number | false;
}

export function ClientSubscriptions({ clientid, connected, canWrite, refetchInterval }: Props) {
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const subs = useClientSubscriptionsQuery(clientid, refetchInterval);
  const unsubscribe = useUnsubscribeMutation(clientid);
  const [adding, setAdding] = useState(false);
  const yesNo = (v?: number) => (v === undefined ? '-' : v ? tc('yes') : tc('no'));

  return (
    <div>
      {canWrite && (
        <Flex justify="end" style={{ marginBottom: token.marginSM }}>
          <CreateButton disabled={!connected} title={connected ? undefined : t('notConnectedSubscribe')} onClick={() => setAdding(true)}>
            {t('addSubscription')}
          </CreateButton>
        </Flex>
      )}
      {subs.isError && <Alert type="error" showIcon title={errorText(subs.error)} />}
      <Table<Subscription>
        size="small"
        rowKey="topic"
        loading={subs.isFetching}
        dataSource={subs.data ?? []}
        pagination={false}
        columns={[
          { key: 'topic', dataIndex: 'topic', title: t('topic') },
          { key: 'qos', dataIndex: 'qos', title: t('qos') },
          { key: 'nl', dataIndex: 'nl', title: t('noLocal'), render: yesNo },
          { key: 'rap', dataIndex: 'rap', title: t('retainAsPublished'), render: yesNo },
          { key: 'rh', dataIndex: 'rh', title: t('retainHandling') },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  title: tc('actions'),
                  render: (_: unknown, row: Subscription) => (
                    <ConfirmAction
                      title={t('unsubscribeConfirm', { topic: row.topic })}
                      successMessage={t('unsubscribed')}
                      danger
                      onConfirm={() => unsubscribe.mutateAsync(row.topic ?? '')}
                    >
                      <Button type="link" size="small" danger>
                        {t('unsubscribe')}
                      </Button>
                    </ConfirmAction>
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding && <AddSubscriptionModal clientid={clientid} open={adding} subscribed={(subs.data ?? []).map((x) => x.topic)} onClose={() => setAdding(false)} />}
    </div>
  );
}

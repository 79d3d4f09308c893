// Monitoring › Delayed Publish: messages waiting on this node, with delete.
import { Alert, Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { ListPage } from '../../shared/list/ListPage';
import { formatDateTime, formatDuration } from '../../shared/format';
import { useCanWrite } from '../../shared/useCanWrite';
import { useTableQuery } from '../../shared/useTableQuery';
import { useDelayedMessagesQuery, useDelayedSettingsQuery, useDeleteDelayedMessageMutation, type DelayedMessage } from './delayed-publish.api';
import './delayed-publish.messages';

// the document marks the interval keys optional: a missing one shows as '-'
const seconds = (s: number | undefined) => (s === undefined ? undefined : s * 1000);

export default function DelayedMessagesPage() {
  const { t } = useTranslation(['delayedPublish', 'common']);
  const { token } = theme.useToken();
  const canWrite = useCanWrite();
  const [query, setQuery] = useTableQuery({ page: 1, limit: 20 });
  const list = useDelayedMessagesQuery(query);
  const settings = useDelayedSettingsQuery();
  const remove = useDeleteDelayedMessageMutation();
  const columns = [
    { title: t('topic'), dataIndex: 'topic', key: 'topic' },
    { title: t('qos'), dataIndex: 'qos', key: 'qos' },
    { title: t('from_clientid'), dataIndex: 'from_clientid', key: 'from_clientid' },
    { title: t('delayed_interval'), key: 'interval', render: (_: unknown, m: DelayedMessage) => formatDuration(seconds(m.delayed_interval)) },
    { title: t('delayed_remaining'), key: 'remaining', render: (_: unknown, m: DelayedMessage) => formatDuration(seconds(m.delayed_remaining)) },
    { title: t('expected_at'), key: 'expected_at', render: (_: unknown, m: DelayedMessage) => formatDateTime(m.expected_at) },
    ...(canWrite
      ? [
          {
            title: t('common:actions'),
            key: 'ops',
            render: (_: unknown, m: DelayedMessage) => (
              <ConfirmAction title={t('common:deleteConfirm')} danger onConfirm={() => remove.mutateAsync(m)}>
                <Button type="link" size="small" danger>
                  {t('common:delete')}
                </Button>
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage<DelayedMessage>
      title={t('title')}
      list={list}
      // the list polls (remaining times count down): only the first load shows as loading
      loading={list.isLoading}
      toolbar={settings.data?.enable === false && <Alert type="warning" showIcon title={t('disabledBanner')} style={{ marginBottom: token.margin }} />}
      rowKey={(m) => `${m.node}/${m.msgid}`}
      columns={columns}
      query={query}
      onQueryChange={setQuery}
    />
  );
}

import { useState } from 'react';
import { Button, Flex, Result, Skeleton, Space, Switch, Tabs, Typography, theme } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { PageSection } from '../../shared/PageSection';
import { StatusTag } from '../../shared/StatusTag';
import { CopyButton } from '../../shared/CopyButton';
import { useCanWrite } from '../../shared/useCanWrite';
import { useClientQuery } from './clients.api';
import { ClientInfoCards } from './components/ClientInfoCards';
import { ClientCounters } from './components/ClientCounters';
import { ClientSubscriptions } from './components/ClientSubscriptions';
import { QueueMessages } from './components/QueueMessages';
import { ClientAttributes } from './components/ClientAttributes';
import { ClientSessionAction } from './components/ClientSessionAction';
import './clients.messages';

const AUTO_REFRESH_MS = 5_000;

export function ClientDetailPage() {
  const { clientId = '' } = useParams();
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const [auto, setAuto] = useState(false);
  const interval = auto ? AUTO_REFRESH_MS : false;
  const client = useClientQuery(clientId, interval);
  const back = (
    <Link to="/clients">
      <ArrowLeftOutlined /> {t('backToList')}
    </Link>
  );

  if (client.isPending)
    return (
      <PageSection title={back}>
        <Skeleton active />
      </PageSection>
    );
  if (client.isError) {
    const missing = isApiError(client.error) && client.error.status === 404;
    return (
      <PageSection title={back}>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('notFound') : t('loadError')}
          subTitle={missing ? clientId : undefined}
          extra={!missing && <Button onClick={() => void client.refetch()}>{tc('retry')}</Button>}
        />
      </PageSection>
    );
  }

  const c = client.data;
  const connected = c.connected !== false;
  return (
    <>
      <PageSection
        title={
          <Space wrap>
            {back}
            <Typography.Text strong>{c.clientid}</Typography.Text>
            <CopyButton text={c.clientid ?? clientId} />
            <StatusTag status={connected ? 'connected' : 'disconnected'} />
          </Space>
        }
        extra={
          <Flex align="center" gap={token.marginSM} wrap>
            <Space>
              <Switch checked={auto} onChange={setAuto} aria-label={t('autoRefresh')} />
              <span>{t('autoRefresh')}</span>
            </Space>
            <Button icon={<ReloadOutlined />} loading={client.isFetching} onClick={() => void client.refetch()}>
              {tc('refresh')}
            </Button>
            {canWrite && <ClientSessionAction client={c} onDone={() => navigate('/clients')} />}
          </Flex>
        }
      >
        <ClientInfoCards client={c} />
        <div style={{ marginTop: token.marginMD }}>
          <ClientCounters client={c} />
        </div>
      </PageSection>
      <PageSection>
        <Tabs
          items={[
            {
              key: 'subscriptions',
              label: `${t('subscriptions')} (${c.subscriptions_cnt ?? 0})`,
              children: <ClientSubscriptions clientid={clientId} connected={connected} canWrite={canWrite} refetchInterval={interval} />,
            },
            { key: 'mqueue', label: t('messageQueue'), children: <QueueMessages clientid={clientId} kind="mqueue" /> },
            { key: 'inflight', label: t('inflightMessages'), children: <QueueMessages clientid={clientId} kind="inflight" /> },
            { key: 'attrs', label: t('clientAttributes'), children: <ClientAttributes attrs={c.client_attrs} /> },
          ]}
        />
      </PageSection>
    </>
  );
}

export default ClientDetailPage;

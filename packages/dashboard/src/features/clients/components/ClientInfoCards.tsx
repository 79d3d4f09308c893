import type { ReactNode } from 'react';
import { Card, Col, Descriptions, Row, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMqdeckNode } from '../../../shared/apiExtensions';
import { formatBytes, formatDateTime, formatNumber } from '../../../shared/format';
import { protocolLabel } from '../clients.filters';
import type { ClientInfo } from '../clients.types';
import '../clients.messages';

interface Props {
  client: ClientInfo;
}

type Limit = number | 'infinity' | undefined;

function useLimit() {
  const { t } = useTranslation('clients');
  return (cur: number | undefined, max: Limit) => `${formatNumber(cur ?? 0)} / ${max === 'infinity' || max === undefined ? t('unlimited') : formatNumber(max)}`;
}

/** Every detail field of spec §3, grouped the way operators read them: connection, session, process. */
export function ClientInfoCards({ client: c }: Props) {
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const limit = useLimit();
  // MQDeck's node reports heap size and reductions as 0: its connections share one JavaScript heap and have no
  // reduction counter (docs/node-counterparts.md), so the fields are left out in front of it.
  const erlangFigures = !useMqdeckNode();
  const yesNo = (v?: boolean) => (v === undefined ? '-' : v ? tc('yes') : tc('no'));
  // EMQX reports SSL/TLS listeners as 'ssl:<name>' / 'wss:<name>'.
  const ssl = c.listener ? /^(ssl|wss):/.test(c.listener) : undefined;

  const card = (title: string, items: [string, ReactNode][]) => (
    <Card size="small" title={title} style={{ height: '100%' }}>
      <Descriptions size="small" column={1} items={items.map(([label, children]) => ({ key: label, label, children: children ?? '-' }))} />
    </Card>
  );

  return (
    <Row gutter={[token.marginMD, token.marginMD]}>
      <Col xs={24} lg={8}>
        {card(t('connection'), [
          [t('node'), c.node],
          [t('username'), c.username ?? '-'],
          [t('protocol'), protocolLabel(c.proto_name, c.proto_ver)],
          [t('ipAddress'), c.ip_address],
          [t('port'), c.port],
          [t('listener'), c.listener],
          [t('ssl'), yesNo(ssl)],
          [t('keepalive'), c.keepalive],
          [t('isBridge'), yesNo(c.is_bridge)],
          [t('mountpoint'), c.mountpoint || '-'],
        ])}
      </Col>
      <Col xs={24} lg={8}>
        {card(t('session'), [
          [t('cleanStart'), yesNo(c.clean_start)],
          [t('expiryInterval'), c.expiry_interval],
          [t('createdAt'), formatDateTime(c.created_at)],
          [t('connectedAt'), formatDateTime(c.connected_at)],
          [t('disconnectedAt'), formatDateTime(c.disconnected_at)],
          [t('subscriptionsCount'), limit(c.subscriptions_cnt, c.subscriptions_max)],
          [t('inflight'), limit(c.inflight_cnt, c.inflight_max)],
          // Dropped gets its own row: three numbers in one value wrapped mid-number in the narrow card.
          // a durable session keeps its QoS 1/2 messages in the node's store for the retention period: the queue limit
          // does not bound them, so no max is shown
          c.durable ? [t('storedMessages'), formatNumber(c.mqueue_len ?? 0)] : [t('mqueue'), limit(c.mqueue_len, c.mqueue_max)],
          [t('mqueueDropped'), formatNumber(c.mqueue_dropped ?? 0)],
          [t('awaitingRel'), limit(c.awaiting_rel_cnt, c.awaiting_rel_max)],
        ])}
      </Col>
      <Col xs={24} lg={8}>
        {card(t('process'), [
          ...(erlangFigures
            ? ([
                [t('heapSize'), c.heap_size === undefined ? '-' : formatNumber(c.heap_size)],
                [t('reductions'), formatNumber(c.reductions)],
              ] satisfies [string, ReactNode][])
            : []),
          [erlangFigures ? t('mailbox') : t('sendBuffer'), formatNumber(c.mailbox_len)],
          [t('bytesReceived'), formatBytes(c.recv_oct)],
          [t('bytesSent'), formatBytes(c.send_oct)],
        ])}
      </Col>
    </Row>
  );
}

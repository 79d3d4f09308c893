import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format';
import type { ClientInfo } from '../clients.types';
import '../clients.messages';

interface Row {
  key: string;
  label: string;
  recv?: number;
  send?: number;
}

/** The recv_* / send_* counters side by side; a counter that exists in one direction only shows '-' in the other. */
export function ClientCounters({ client: c }: { client: ClientInfo }) {
  const { t } = useTranslation('clients');
  const rows: Row[] = [
    { key: 'oct', label: t('bytes'), recv: c.recv_oct, send: c.send_oct },
    { key: 'cnt', label: t('tcpPackets'), recv: c.recv_cnt, send: c.send_cnt },
    { key: 'pkt', label: t('mqttPackets'), recv: c.recv_pkt, send: c.send_pkt },
    { key: 'msg', label: t('messages'), recv: c.recv_msg, send: c.send_msg },
    { key: 'qos0', label: `${t('messages')} QoS 0`, recv: c['recv_msg.qos0'], send: c['send_msg.qos0'] },
    { key: 'qos1', label: `${t('messages')} QoS 1`, recv: c['recv_msg.qos1'], send: c['send_msg.qos1'] },
    { key: 'qos2', label: `${t('messages')} QoS 2`, recv: c['recv_msg.qos2'], send: c['send_msg.qos2'] },
    { key: 'dropped', label: t('dropped'), recv: c['recv_msg.dropped'], send: c['send_msg.dropped'] },
    { key: 'pubrel', label: t('droppedAwaitPubrelTimeout'), recv: c['recv_msg.dropped.await_pubrel_timeout'] },
    { key: 'expired', label: t('droppedExpired'), send: c['send_msg.dropped.expired'] },
    { key: 'full', label: t('droppedQueueFull'), send: c['send_msg.dropped.queue_full'] },
    { key: 'large', label: t('droppedTooLarge'), send: c['send_msg.dropped.too_large'] },
  ];
  return (
    <Card size="small" title={t('packetsAndMessages')}>
      <Table<Row>
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        columns={[
          { key: 'label', dataIndex: 'label', title: '' },
          { key: 'recv', dataIndex: 'recv', title: t('received'), align: 'right', render: (v?: number) => formatNumber(v) },
          { key: 'send', dataIndex: 'send', title: t('sent'), align: 'right', render: (v?: number) => formatNumber(v) },
        ]}
      />
    </Card>
  );
}

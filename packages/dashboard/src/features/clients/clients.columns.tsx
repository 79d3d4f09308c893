import { useMemo } from 'react';
import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { StatusTag } from '../../shared/StatusTag';
import type { ClientInfo } from './clients.types';
import { ClientSessionAction } from './components/ClientSessionAction';
import './clients.messages';

// A date and an address read as one value: they never break across lines.
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

export function clientDetailPath(clientid: string): string {
  return `/clients/detail/${encodeURIComponent(clientid)}`;
}

/** The list columns of spec §3 (+ actions for writers). Keys are stable: the column chooser stores them. */
export function useClientColumns(canWrite: boolean): TableColumnsType<ClientInfo> {
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('common');
  return useMemo(() => {
    const cols: TableColumnsType<ClientInfo> = [
      {
        key: 'clientid',
        title: t('clientid'),
        dataIndex: 'clientid',
        render: (id: string) => (
          <Link to={clientDetailPath(id)}>
            <Typography.Text style={{ color: 'inherit', maxWidth: 200 }} ellipsis={{ tooltip: id }}>
              {id}
            </Typography.Text>
          </Link>
        ),
      },
      { key: 'username', title: t('username'), dataIndex: 'username', render: (u?: string | null) => u ?? '-' },
      {
        key: 'connected',
        title: tc('status'),
        dataIndex: 'connected',
        render: (c?: boolean) => <StatusTag status={c ? 'connected' : 'disconnected'} />,
      },
      {
        key: 'ip_address',
        title: t('ipAddress'),
        dataIndex: 'ip_address',
        onCell: noWrap,
        render: (ip: string | undefined, row) => (ip ? (row.port ? `${ip}:${row.port}` : ip) : '-'),
      },
      { key: 'keepalive', title: t('keepalive'), dataIndex: 'keepalive' },
      {
        key: 'clean_start',
        title: t('cleanStart'),
        dataIndex: 'clean_start',
        render: (v?: boolean) => (v === undefined ? '-' : v ? tc('yes') : tc('no')),
      },
      { key: 'expiry_interval', title: t('expiryInterval'), dataIndex: 'expiry_interval' },
      { key: 'connected_at', title: t('connectedAt'), dataIndex: 'connected_at', onCell: noWrap, render: formatDateTime },
    ];
    if (canWrite) {
      cols.push({
        key: 'actions',
        title: tc('actions'),
        fixed: 'right',
        render: (_: unknown, row) => <ClientSessionAction client={row} size="small" />,
      });
    }
    return cols;
  }, [t, tc, canWrite]);
}

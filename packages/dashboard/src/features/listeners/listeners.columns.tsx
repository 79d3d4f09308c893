import { Button, Dropdown, Space, Switch, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { StatusTag } from '../../shared/StatusTag';
import { formatNumber } from '../../shared/format';
import type { ListenerStatus, ListenerSummary } from './listeners.api';
import './listeners.messages';

interface Handlers {
  canWrite: boolean;
  onEdit: (l: ListenerSummary) => void;
  onDelete: (l: ListenerSummary) => void;
  onEnable: (l: ListenerSummary, enable: boolean) => Promise<unknown>;
  onAction: (l: ListenerSummary, op: 'start' | 'stop' | 'restart') => Promise<unknown>;
}

const runningWord = (s?: ListenerStatus) => (s?.running === 'inconsistent' ? 'inconsistent' : s?.running ? 'running' : 'stopped');

export function useListenerColumns(h: Handlers): TableColumnsType<ListenerSummary> {
  const { t } = useTranslation(['listeners', 'common']);
  const columns: TableColumnsType<ListenerSummary> = [
    { title: t('name'), dataIndex: 'name', key: 'name' },
    { title: t('type'), dataIndex: 'type', key: 'type', render: (v: string) => <Tag>{v}</Tag> },
    { title: t('bind'), dataIndex: 'bind', key: 'bind' },
    {
      title: t('runningStatus'),
      key: 'status',
      render: (_, l) => (
        <Tooltip title={(l.node_status ?? []).map((n) => `${n.node}: ${t(`common:${runningWord(n.status)}`)}`).join('\n')}>
          <span>
            <StatusTag status={runningWord(l.status)} />
          </span>
        </Tooltip>
      ),
    },
    { title: t('currentConnections'), key: 'current', render: (_, l) => formatNumber(l.status?.current_connections) },
    {
      title: t('maxConnections'),
      key: 'max',
      render: (_, l) => (l.status?.max_connections === 'infinity' ? 'infinity' : formatNumber(l.status?.max_connections)),
    },
    {
      title: t('enable'),
      key: 'enable',
      render: (_, l) =>
        l.enable ? (
          <ConfirmAction title={t('disableConfirm', { id: l.id })} danger disabled={!h.canWrite} onConfirm={() => h.onEnable(l, false)}>
            <Switch checked aria-label={`${t('enable')} ${l.id}`} disabled={!h.canWrite} />
          </ConfirmAction>
        ) : (
          <Switch checked={false} aria-label={`${t('enable')} ${l.id}`} disabled={!h.canWrite} onChange={() => void h.onEnable(l, true).catch(() => undefined)} />
        ),
    },
  ];
  if (!h.canWrite) return columns;
  columns.push({
    title: t('common:actions'),
    key: 'actions',
    render: (_, l) => (
      <Space size={4}>
        <Button type="link" size="small" onClick={() => h.onEdit(l)}>
          {t('common:edit')}
        </Button>
        <ConfirmAction title={t('stopConfirm', { id: l.id })} danger onConfirm={() => h.onAction(l, 'stop')}>
          <Button type="link" size="small" disabled={!l.status?.running}>
            {t('stop')}
          </Button>
        </ConfirmAction>
        {/* opened by click: on hover, the menu of a row under the pointer after a drawer closes covered the rows below */}
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'start', label: t('start'), disabled: l.status?.running === true },
              { key: 'restart', label: t('restart') },
              { type: 'divider' },
              { key: 'delete', label: t('common:delete'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'delete') h.onDelete(l);
              else void h.onAction(l, key as 'start' | 'restart').catch(() => undefined);
            },
          }}
        >
          <Button type="link" size="small">
            {t('common:more')}
          </Button>
        </Dropdown>
      </Space>
    ),
  });
  return columns;
}

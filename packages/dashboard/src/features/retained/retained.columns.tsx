import { useMemo } from 'react';
import { Button, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ConfirmAction';
import { formatDateTime } from '../../shared/format';
import type { RetainedSummary } from './retained.api';
import './retained.messages';

/** EMQX writes the literal string 'undefined' for messages published without a username (and for $SYS messages' client ID). */
export function displayUser(u: string | null | undefined): string {
  return !u || u === 'undefined' ? '-' : u;
}

interface Handlers {
  canWrite: boolean;
  onView: (topic: string) => void;
  onDelete: (topic: string) => Promise<unknown>;
}

export function useRetainedColumns({ canWrite, onView, onDelete }: Handlers): TableColumnsType<RetainedSummary> {
  const { t } = useTranslation('retained');
  const { t: tc } = useTranslation('common');
  return useMemo(
    () => [
      // Long topics ($SYS/brokers/<node>/sysdescr…) truncate with a tooltip instead of pushing Actions out of view.
      { key: 'topic', title: t('topic'), dataIndex: 'topic', ellipsis: { showTitle: true } },
      { key: 'qos', title: t('qos'), dataIndex: 'qos', width: 70 },
      { key: 'from_clientid', title: t('fromClientid'), dataIndex: 'from_clientid', ellipsis: { showTitle: true }, render: displayUser },
      { key: 'from_username', title: t('fromUsername'), dataIndex: 'from_username', ellipsis: { showTitle: true }, render: displayUser },
      { key: 'publish_at', title: t('publishAt'), dataIndex: 'publish_at', width: 190, render: formatDateTime },
      {
        key: 'actions',
        title: tc('actions'),
        width: 200,
        render: (_: unknown, r: RetainedSummary) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onView(r.topic ?? '')}>
              {t('viewPayload')}
            </Button>
            {canWrite && (
              <ConfirmAction title={t('deleteConfirm', { topic: r.topic })} successMessage={t('deleted')} danger onConfirm={() => onDelete(r.topic ?? '')}>
                <Button type="link" size="small" danger>
                  {tc('delete')}
                </Button>
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ],
    [t, tc, canWrite, onView, onDelete],
  );
}

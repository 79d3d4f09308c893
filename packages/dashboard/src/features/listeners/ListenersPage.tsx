// Management › Listeners: list with status and connections per node, create/edit drawer, enable/disable
// (confirmed: disabling closes all its connections), start/stop/restart, delete by typing the name.
import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/bridge';
import { ListPage } from '../../shared/list/ListPage';
import { useCanWrite } from '../../shared/useCanWrite';
import { useFormDialog } from '../../shared/useFormDialog';
import { DeleteListenerModal } from './components/DeleteListenerModal';
import { ListenerDrawer } from './components/ListenerDrawer';
import { useDeleteListenerMutation, useListenerActionMutation, useListenersQuery, useSetListenerEnabledMutation, type ListenerSummary } from './listeners.api';
import { useListenerColumns } from './listeners.columns';
import './listeners.messages';

export default function ListenersPage() {
  const { t } = useTranslation(['listeners', 'common']);
  const canWrite = useCanWrite();
  const list = useListenersQuery();
  const setEnabled = useSetListenerEnabledMutation();
  const action = useListenerActionMutation();
  const remove = useDeleteListenerMutation();
  const drawer = useFormDialog<ListenerSummary>();
  const [deleting, setDeleting] = useState<ListenerSummary>();

  const columns = useListenerColumns({
    canWrite,
    onEdit: drawer.openEdit,
    onDelete: setDeleting,
    onEnable: async (l, enable) => {
      await setEnabled.mutateAsync({ id: l.id, enable });
      if (enable) void toast().success(t('common:operationSucceeded'));
    },
    onAction: async (l, op) => {
      await action.mutateAsync({ id: l.id, op });
      if (op !== 'stop') void toast().success(t('common:operationSucceeded'));
    },
  });

  return (
    <ListPage
      mode="all"
      title={t('title')}
      actions={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={drawer.openCreate}>
            {t('addListener')}
          </Button>
        )
      }
      // No dataSource before the first answer: antd then shows only the spinner, never 'No data'.
      list={list}
      errorText={t('common:errorOccurred')}
      loading={list.isPending}
      rowKey="id"
      columns={columns}
    >
      <ListenerDrawer open={drawer.open} editing={drawer.item} onClose={drawer.close} />
      <DeleteListenerModal
        listener={deleting}
        onCancel={() => setDeleting(undefined)}
        onConfirm={async (l) => {
          await remove.mutateAsync(l.id);
          setDeleting(undefined);
          void toast().success(t('common:deleteSuccess'));
        }}
      />
    </ListPage>
  );
}

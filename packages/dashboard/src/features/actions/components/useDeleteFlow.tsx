// Deleting an action or a source (spec 001 §4): confirm, DELETE; when rules use it the node refuses and names them.
// An action then gets a second confirmation listing the rules, and is deleted with also_delete_dep_actions=true
// (removed from those rules); a source is not deleted: the dialog asks to remove it from the rules first.
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/bridge';
import { DependantsList } from '../../connectors/components/DependantsList';
import { useDeleteBridgeMutation, type BridgeKind } from '../bridges.api';
import { useKindTexts } from './kind';

export function useDeleteFlow(kind: BridgeKind, onDeleted?: () => void) {
  const { t } = useTranslation(['actions', 'connectors', 'common']);
  const texts = useKindTexts(kind);
  const del = useDeleteBridgeMutation(kind);
  const [modal, holder] = Modal.useModal();

  const done = () => {
    void toast().success(t('common:deleteSuccess'));
    onDeleted?.();
  };

  const ask = (id: string) => {
    void modal.confirm({
      title: texts.deleteConfirm(id),
      okButtonProps: { danger: true },
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        const out = await del.mutateAsync({ id }).catch(() => undefined);
        if (!out) return;
        if (out.deleted) return done();
        if (kind === 'sources') {
          void modal.warning({ title: t('connectors:confirmDelete'), content: <DependantsList intro={texts.deleteWithRules} rules={out.rules} />, okText: t('common:close') });
          return;
        }
        void modal.confirm({
          title: t('connectors:confirmDelete'),
          content: <DependantsList intro={texts.deleteWithRules} rules={out.rules} />,
          okButtonProps: { danger: true },
          okText: t('common:confirm'),
          cancelText: t('common:cancel'),
          onOk: async () => {
            const again = await del.mutateAsync({ id, alsoFromRules: true }).catch(() => undefined);
            if (again?.deleted) done();
          },
        });
      },
    });
  };
  return { ask, holder, pending: del.isPending };
}

import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListenerSummary } from '../listeners.api';

interface Props {
  listener?: ListenerSummary;
  onCancel: () => void;
  onConfirm: (l: ListenerSummary) => Promise<unknown>;
}

/** Deleting a listener requires typing its name (spec 000 §5). */
export function DeleteListenerModal({ listener, onCancel, onConfirm }: Props) {
  const { t } = useTranslation(['listeners', 'common']);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setTyped('');
    onCancel();
  };
  async function confirm() {
    if (!listener) return;
    setBusy(true);
    try {
      await onConfirm(listener);
      setTyped('');
    } catch {
      // toasted by the mutation cache; the modal stays open
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={!!listener}
      title={listener ? t('deleteTitle', { id: listener.id }) : ''}
      onCancel={close}
      onOk={() => void confirm()}
      okText={t('common:delete')}
      cancelText={t('common:cancel')}
      destroyOnHidden
      okButtonProps={{ danger: true, disabled: !listener || typed !== listener.name, loading: busy }}
    >
      <Typography.Paragraph>{listener && t('deleteHint', { name: listener.name })}</Typography.Paragraph>
      <Input aria-label={t('deleteNameLabel')} value={typed} placeholder={listener?.name} onChange={(e) => setTyped(e.target.value)} />
    </Modal>
  );
}

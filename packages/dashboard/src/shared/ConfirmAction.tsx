import { useState, type ReactElement, type ReactNode } from 'react';
import { Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../app/bridge';

interface Props {
  /** The question shown in the popconfirm. */
  title: ReactNode;
  description?: ReactNode;
  /** Runs on confirm; pass a mutation's `mutateAsync` so failures are toasted once by the mutation cache. */
  onConfirm: () => Promise<unknown>;
  /** Toast after success; default 'Operation succeeded'. `false` for none. */
  successMessage?: string | false;
  danger?: boolean;
  disabled?: boolean;
  /** The trigger, e.g. a Button. */
  children: ReactElement;
}

/** Popconfirm + async action with a busy OK button + success toast. */
export function ConfirmAction({ title, description, onConfirm, successMessage, danger, disabled, children }: Props) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await onConfirm();
      if (successMessage !== false) void toast().success(successMessage ?? t('operationSucceeded'));
    } catch {
      // Shown by the mutation cache (or the caller); the popconfirm just closes.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Popconfirm
      title={title}
      description={description}
      onConfirm={run}
      okText={t('confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy, danger }}
      disabled={disabled}
    >
      {children}
    </Popconfirm>
  );
}

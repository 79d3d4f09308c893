import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { useDeleteClientMutation } from '../clients.api';
import type { ClientInfo } from '../clients.types';
import '../clients.messages';

interface Props {
  client: Pick<ClientInfo, 'clientid' | 'connected'>;
  size?: ButtonProps['size'];
  /** Called after the session is gone (the detail page leaves). */
  onDone?: () => void;
}

/**
 * Connected → "Kick Out"; disconnected (a kept persistent session) → "Clean Session".
 * Both are DELETE /clients/{id}: EMQX disconnects the client and discards its session.
 */
export function ClientSessionAction({ client, size, onDone }: Props) {
  const { t } = useTranslation('clients');
  const del = useDeleteClientMutation();
  const id = client.clientid ?? '';
  const kick = client.connected !== false;
  return (
    <ConfirmAction
      title={kick ? t('kickOutConfirm') : t('cleanSessionConfirm')}
      successMessage={kick ? t('kickedOut') : t('sessionCleared')}
      danger
      onConfirm={async () => {
        await del.mutateAsync(id);
        onDone?.();
      }}
    >
      <Button size={size} danger type={size === 'small' ? 'link' : 'default'}>
        {kick ? t('kickOut') : t('cleanSession')}
      </Button>
    </ConfirmAction>
  );
}

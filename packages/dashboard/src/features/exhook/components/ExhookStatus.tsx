// An ExHook server's status with the spec's words: connected, connecting, stopped (EMQX's disconnected), error,
// disabled.
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/StatusTag';
import '../exhook.messages';

export function ExhookStatus({ status }: { status: string }) {
  const { t } = useTranslation('exhook');
  return status === 'disconnected' ? <StatusTag status="stopped" label={t('disconnected')} /> : <StatusTag status={status} />;
}

import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

type Tone = 'success' | 'error' | 'warning' | 'processing' | 'default';

// Status words of spec 000 §4 / 001 §4 and the tone each gets.
const TONES: Record<string, Tone> = {
  connected: 'success',
  running: 'success',
  enabled: 'success',
  disconnected: 'error',
  error: 'error',
  expired: 'error',
  connecting: 'processing',
  waiting: 'processing',
  inconsistent: 'warning',
  stopped: 'default',
  disabled: 'default',
};

interface Props {
  /** One of connected, disconnected, connecting, inconsistent, stopped, running, waiting, enabled, disabled, error, expired. */
  status: string;
  /** Overrides the translated label. */
  label?: string;
}

export function StatusTag({ status, label }: Props) {
  const { t } = useTranslation('common');
  const tone = TONES[status] ?? 'default';
  const text = label ?? (status in TONES ? t(status) : status || t('unknown'));
  return <Tag color={tone}>{text}</Tag>;
}

import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { commonMessages } from '../i18n/common.messages';

type Tone = 'success' | 'error' | 'warning' | 'processing' | 'default';

// Status words of spec 000 §4 / 001 §4 and the tone each gets.
const TONES: Partial<Record<keyof typeof commonMessages, Tone>> = {
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
  const known = status in TONES ? (status as keyof typeof TONES) : undefined;
  const tone = (known && TONES[known]) ?? 'default';
  const text = label ?? (known ? t(known) : status || t('unknown'));
  return <Tag color={tone}>{text}</Tag>;
}

import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormControlProps } from './formControl';

/** The value is an EMQX rate: '1000/s', '10MB/10s', or 'infinity' (no limit). */
type Props = FormControlProps<string>;

export function RateInput({ value, onChange, id, disabled, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation('configFields');
  return (
    <Input
      id={id}
      aria-label={ariaLabel}
      value={value ?? ''}
      disabled={disabled}
      placeholder={t('ratePlaceholder')}
      style={{ width: 280 }}
      onChange={(e) => onChange?.(e.target.value.trim() === '' ? undefined : e.target.value.trim())}
    />
  );
}

import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormControlProps } from './formControl';

/** The value is a number, or the word (default 'infinity'). */
interface Props extends FormControlProps<number | string> {
  /** 'infinity' (no limit), 'disabled' (e.g. server keepalive), or '' for a plain number typed as text. */
  word?: string;
}

/**
 * Typed text: digits become a number, the word stays a word, anything else is kept as typed so the
 * field's rule can say 'Type error: please enter …' (an InputNumber would silently drop it).
 */
export function InfinityNumberInput({ value, onChange, id, word = 'infinity', disabled, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation('configFields');
  const toValue = (text: string): number | string | undefined => {
    const s = text.trim();
    if (s === '') return undefined;
    return /^-?\d+$/.test(s) ? Number(s) : s;
  };
  return (
    <Input
      id={id}
      aria-label={ariaLabel}
      value={value === undefined || value === null ? '' : String(value)}
      disabled={disabled}
      placeholder={word ? t('numberOrWord', { word }) : undefined}
      style={{ width: 280 }}
      onChange={(e) => onChange?.(toValue(e.target.value))}
    />
  );
}

import { Input } from 'antd';
import type { FormControlProps } from './formControl';

/** The value is an EMQX percent: '80%'. */
type Props = FormControlProps<string>;

/** The number is typed, the '%' is fixed after it; a '%' typed by the user is not doubled. Anything else is kept for the rule to refuse. */
export function PercentInput({ value, onChange, id, disabled, 'aria-label': ariaLabel }: Props) {
  const shown = typeof value === 'string' ? value.replace(/%$/, '') : '';
  return (
    <Input
      id={id}
      aria-label={ariaLabel}
      value={shown}
      disabled={disabled}
      suffix="%"
      style={{ width: 200 }}
      onChange={(e) => {
        const text = e.target.value.trim().replace(/%$/, '');
        onChange?.(text === '' ? undefined : `${text}%`);
      }}
    />
  );
}

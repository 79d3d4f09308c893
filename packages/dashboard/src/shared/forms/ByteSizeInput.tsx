import { InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { unitOptions } from './unitOptions';
import { BYTE_UNITS, splitSize, type ByteUnit } from './units';
import type { FormControlProps } from './formControl';

/** The value is an EMQX size ('1MB', '4KB') or one of `words`. */
interface Props extends FormControlProps<string | number, string> {
  units?: readonly ByteUnit[];
  words?: readonly string[];
}

/** Number + unit (binary units: 1MB = 1024KB, as EMQX counts). */
export function ByteSizeInput({ value, onChange, id, units = BYTE_UNITS, words = [], disabled, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation('units');
  const word = typeof value === 'string' && words.includes(value) ? value : undefined;
  const s = splitSize(word ? undefined : value, units.includes('MB') ? 'MB' : units[0]);
  const emit = (n: number | null, unit: string) => {
    if (words.includes(unit)) onChange?.(unit);
    else onChange?.(n === null ? undefined : `${n}${unit}`);
  };
  return (
    <Space.Compact>
      <InputNumber
        id={id}
        aria-label={ariaLabel}
        min={0}
        value={word ? null : s.value}
        disabled={disabled || !!word}
        style={{ width: 160 }}
        onChange={(n) => emit(typeof n === 'number' ? n : null, s.unit)}
      />
      <Select
        aria-label={ariaLabel ? `${ariaLabel} ${t('unitLabel')}` : undefined}
        value={word ?? s.unit}
        disabled={disabled}
        style={{ width: words.length ? 150 : 120 }}
        popupMatchSelectWidth={false}
        options={unitOptions(t, units, words)}
        onChange={(unit: string) => emit(word ? 1 : s.value, unit)}
      />
    </Space.Compact>
  );
}

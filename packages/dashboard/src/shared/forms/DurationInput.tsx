import { useState } from 'react';
import { InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DURATION_UNITS, splitDuration, type DurationUnit } from '../duration';
import { unitOptions } from './unitOptions';
import type { FormControlProps } from './formControl';

/** The value is an EMQX duration ('15s', '5000ms', '1h30m') or one of `words`. */
interface Props extends FormControlProps<string | number, string> {
  units?: readonly DurationUnit[];
  /** Values offered beside the units, e.g. ['infinity'] or ['disabled']; choosing one empties the number. */
  words?: readonly string[];
}

/** A Form control whose value is an EMQX duration string: number + unit, the unit list also offering the key's words. */
export function DurationInput({ value, onChange, id, units = DURATION_UNITS, words = [], disabled, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation('units');
  const word = typeof value === 'string' && words.includes(value) ? value : undefined;
  // The unit last shown or chosen: an emptied number is no duration (value undefined), but the unit stays what it was.
  const [kept, setKept] = useState<DurationUnit>();
  const fallback = kept && units.includes(kept) ? kept : units.includes('s') ? 's' : units[0];
  const d = splitDuration(word ? undefined : value, units, fallback);
  const emit = (n: number | null, unit: string) => {
    if (words.includes(unit)) return onChange?.(unit);
    setKept(unit as DurationUnit);
    onChange?.(n === null ? undefined : `${n}${unit}`);
  };
  return (
    <Space.Compact>
      <InputNumber
        id={id}
        aria-label={ariaLabel}
        min={0}
        precision={0}
        value={word ? null : d.value}
        disabled={disabled || !!word}
        style={{ width: 160 }}
        onChange={(n) => emit(typeof n === 'number' ? n : null, d.unit)}
      />
      <Select
        aria-label={ariaLabel ? `${ariaLabel} ${t('unitLabel')}` : undefined}
        value={word ?? d.unit}
        disabled={disabled}
        style={{ width: words.length ? 150 : 80 }}
        popupMatchSelectWidth={false}
        options={unitOptions(t, units, words)}
        onChange={(unit: string) => emit(word ? 1 : d.value, unit)}
      />
    </Space.Compact>
  );
}

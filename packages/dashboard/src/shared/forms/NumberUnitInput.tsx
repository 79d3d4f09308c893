import { useState } from 'react';
import { InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { unitOptions } from './unitOptions';
import type { FormControlProps } from './formControl';

export interface NumberUnitProps<U extends string> extends FormControlProps<string | number, string> {
  units: readonly U[];
  /** Values offered beside the units, e.g. ['infinity'] or ['disabled']; choosing one empties the number. */
  words: readonly string[];
  /** The unit of an empty value before the operator picked one. */
  defaultUnit: U;
  /** Splits an EMQX value into number and unit; an empty or unparsable value gets `fallback`. */
  split: (value: string | number | undefined, fallback: U) => { value: number | null; unit: U };
  precision?: number;
  unitWidth: number;
}

/** The control behind DurationInput and ByteSizeInput: a number, and a unit list that also offers the key's words. */
export function NumberUnitInput<U extends string>({
  value,
  onChange,
  id,
  units,
  words,
  defaultUnit,
  split,
  precision,
  unitWidth,
  disabled,
  'aria-label': ariaLabel,
}: NumberUnitProps<U>) {
  const { t } = useTranslation('units');
  const word = typeof value === 'string' && words.includes(value) ? value : undefined;
  // The unit last shown or chosen: an emptied number is no value (undefined), but the unit stays what it was.
  const [kept, setKept] = useState<U>();
  const amount = split(word ? undefined : value, kept && units.includes(kept) ? kept : defaultUnit);
  const emit = (n: number | null, unit: string) => {
    if (words.includes(unit)) return onChange?.(unit);
    const chosen = units.find((u) => u === unit);
    if (chosen) setKept(chosen);
    onChange?.(n === null ? undefined : `${n}${unit}`);
  };
  return (
    <Space.Compact>
      <InputNumber
        id={id}
        aria-label={ariaLabel}
        min={0}
        precision={precision}
        value={word ? null : amount.value}
        disabled={disabled || !!word}
        style={{ width: 160 }}
        onChange={(n) => emit(typeof n === 'number' ? n : null, amount.unit)}
      />
      <Select
        aria-label={ariaLabel ? `${ariaLabel} ${t('unitLabel')}` : undefined}
        value={word ?? amount.unit}
        disabled={disabled}
        style={{ width: words.length ? 150 : unitWidth }}
        popupMatchSelectWidth={false}
        options={unitOptions(t, units, words)}
        onChange={(unit: string) => emit(word ? 1 : amount.value, unit)}
      />
    </Space.Compact>
  );
}

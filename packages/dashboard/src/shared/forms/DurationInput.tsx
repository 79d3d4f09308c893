import { DURATION_UNITS, splitDuration, type DurationUnit } from '../duration';
import { NumberUnitInput } from './NumberUnitInput';
import type { FormControlProps } from './formControl';

/** The value is an EMQX duration ('15s', '5000ms', '1h30m') or one of `words`. */
interface Props extends FormControlProps<string | number, string> {
  units?: readonly DurationUnit[];
  /** Values offered beside the units, e.g. ['infinity'] or ['disabled']; choosing one empties the number. */
  words?: readonly string[];
}

/** A Form control whose value is an EMQX duration string: number + unit, the unit list also offering the key's words. */
export function DurationInput({ units = DURATION_UNITS, words = [], ...control }: Props) {
  return (
    <NumberUnitInput
      {...control}
      units={units}
      words={words}
      defaultUnit={units.includes('s') ? 's' : units[0]}
      split={(value, fallback) => splitDuration(value, units, fallback)}
      precision={0}
      unitWidth={80}
    />
  );
}

// The option list of the unit select in DurationInput and ByteSizeInput (texts in ns 'units', shared/units.messages).
import type { TFunction } from 'i18next';
import '../units.messages';

/** The units as written (EMQX's notation, not translated), then the key's words (`infinity`, `disabled`) in the UI language. */
export function unitOptions(t: TFunction<'units'>, units: readonly string[], words: readonly string[]): { value: string; label: string }[] {
  return [...units.map((u) => ({ value: u, label: u })), ...words.map((w) => ({ value: w, label: t(w === 'disabled' ? 'wordDisabled' : 'wordInfinity') }))];
}

import { defineMessages } from '../i18n/defineMessages';

// The words of every number + unit input (DurationInput, ByteSizeInput): the unit list's accessible name and the
// words some keys allow instead of a value. The units themselves (ms, s, KB …) are EMQX's notation, not translated.
export const unitsMessages = defineMessages('units', {
  unitLabel: { en: 'unit', zh: '单位' },
  wordInfinity: { en: 'infinity', zh: '无限制（infinity）' },
  wordDisabled: { en: 'disabled', zh: '禁用（disabled）' },
});

import { defineMessages } from '../i18n/defineMessages';

// Texts of the shared DurationInput: the unit list's accessible name and the words some keys allow instead of a duration.
export const durationMessages = defineMessages('duration', {
  unitLabel: { en: 'unit', zh: '单位' },
  wordInfinity: { en: 'infinity', zh: '无限制（infinity）' },
  wordDisabled: { en: 'disabled', zh: '禁用（disabled）' },
});

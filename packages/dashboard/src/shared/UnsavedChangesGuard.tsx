// 'Changes that you made may not be saved': asks before leaving a dirty form. A component, not a hook, so that the
// router blocker exists only while the form is dirty (see LeaveGuard).
import { useTranslation } from 'react-i18next';
import { LeaveGuard } from './LeaveGuard';

export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('common');
  return dirty ? <LeaveGuard title={t('unsavedChanges')} /> : null;
}

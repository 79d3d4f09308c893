// State the create page and the Settings tab share: the form, the running test and tap (and the guard asking
// before leaving while they run), and the node's last SQL error to mark in the editor.
import { useCallback, useState, type ReactElement } from 'react';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/errors';
import type { RuleFormValues } from './components/RuleEditor';
import { LeaveGuard } from '../../shared/LeaveGuard';
import { isSqlProblem } from './sql';

export function useRuleEditing() {
  const { t } = useTranslation(['rules', 'common']);
  const { modal } = App.useApp();
  const [form] = Form.useForm<RuleFormValues>();
  const [testing, setTesting] = useState(false);
  const [tapping, setTapping] = useState(false);
  const [sqlError, setSqlError] = useState<string | null>(null);
  const stopAll = useCallback(() => {
    setTesting(false);
    setTapping(false);
  }, []);

  /** Runs `then` at once, or after confirming that the running test may stop (spec 001 §4: saving as a copy). */
  const confirmStopTest = (then: () => void) => {
    if (!testing) return then();
    modal.confirm({
      title: t('stopTestConfirm'),
      okText: t('stopTest'),
      cancelText: t('common:cancel'),
      onOk: () => {
        stopAll();
        then();
      },
    });
  };

  /** Keeps a 400 about the SQL to mark it in the editor; the toast is the mutation cache's. */
  const noteSqlError = (e: unknown) => {
    if (e instanceof ApiRequestError && e.status === 400 && isSqlProblem(e.message)) setSqlError(e.message);
  };

  /** The leave guard: about the running test or tap, else the form's unsaved-changes guard. */
  const guard = (unsaved: ReactElement) => (testing || tapping ? <LeaveGuard title={tapping ? t('tapLeaveConfirm') : t('stopTestConfirm')} onLeave={stopAll} /> : unsaved);

  return {
    form,
    guard,
    editorProps: { sqlError, onSqlError: setSqlError, testing, onTestingChange: setTesting, onTappingChange: setTapping },
    stopAll,
    confirmStopTest,
    noteSqlError,
  };
}

import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/language';
import type { ConnectionProblem } from '../store/types';
import { problemText } from '../texts';

export function ConnectionProblemAlert({ problem }: { problem: ConnectionProblem }) {
  const { t } = useTranslation(['websocket', 'common', 'topic']);
  const lang = useLanguage();
  const { message, hints } = problemText(t, lang, problem);
  return (
    <Alert type="error" showIcon role="alert" data-testid="connection-problem" title={message} description={hints.length ? hints.map((h) => <div key={h}>{h}</div>) : undefined} />
  );
}

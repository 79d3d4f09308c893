// Asks before leaving the screen while a test or a live tap runs (spec 001 §4: leaving stops the test after a
// confirmation). The page renders it instead of the unsaved-changes guard while something runs: the router
// holds one blocker at a time, and this question covers the unsaved edits too.
import { useEffect } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';

interface Props {
  message: string;
  /** Stops what runs; called before the navigation goes on. */
  onStop: () => void;
}

export function RunningGuard({ message, onStop }: Props) {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const ref = modal.confirm({
      title: message,
      okText: t('leave'),
      cancelText: t('stay'),
      onOk: () => {
        onStop();
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
    });
    return () => ref.destroy();
  }, [blocker, modal, t, message, onStop]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return null;
}

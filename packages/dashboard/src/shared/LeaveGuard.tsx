// Asks before leaving the screen, inside the app (router blocker) and when closing or reloading the tab
// (beforeunload, whose text the browser chooses). Render it only while there is something to lose: react-router
// warns ("You are trying to use a blocker on a POP navigation …") on every URL change made outside the router
// whenever any blocker is registered, even one that would not block.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** the question asked */
  title: string;
  /** runs before the navigation goes on (e.g. stops a running test) */
  onLeave?: () => void;
}

export function LeaveGuard({ title, onLeave }: Props) {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  // Only navigations made by the router can be held (a POP it did not create cannot): ask when the screen changes.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const ref = modal.confirm({
      title,
      okText: t('leave'),
      cancelText: t('stay'),
      onOk: () => {
        onLeave?.();
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
    });
    return () => ref.destroy();
  }, [blocker, modal, t, title, onLeave]);

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

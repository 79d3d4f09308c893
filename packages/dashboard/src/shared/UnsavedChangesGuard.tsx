// 'Changes that you made may not be saved': asks before leaving a dirty form, inside the app (router blocker)
// and when closing or reloading the tab (beforeunload, whose text the browser chooses).
//
// A component, not a hook, so that the router blocker exists only while the form is dirty: react-router warns
// ("You are trying to use a blocker on a POP navigation …") on every URL change made outside the router (a typed
// URL, a hash edited by hand) whenever any blocker is registered, even one that would not block (useBlocker(false)
// registers one too). With nothing edited there is now no blocker, so no warning.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  return dirty ? <DirtyFormBlocker /> : null;
}

function DirtyFormBlocker() {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  // Only navigations made by the router can be held (a POP it did not create cannot): ask when the screen changes.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const ref = modal.confirm({
      title: t('unsavedChanges'),
      okText: t('leave'),
      cancelText: t('stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => ref.destroy();
  }, [blocker, modal, t]);

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

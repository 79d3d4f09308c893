// 'Changes that you made may not be saved': asks before leaving a dirty form, inside the app (router blocker)
// and when closing or reloading the tab (beforeunload, whose text the browser chooses).
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

export function useUnsavedChangesGuard(dirty: boolean): void {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

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
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

// Downloading a trace file (the list's and the detail page's button): which one is under way, and a plain
// sentence when it fails (the node took too long, or refused).
import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/apiErrors';
import { downloadTrace } from './log-trace.api';
import './log-trace.messages';

export function useTraceDownload() {
  const { t } = useTranslation('logTrace');
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState<string>();

  const download = async (name: string, node?: string) => {
    setDownloading(name);
    try {
      await downloadTrace(name, node);
    } catch (err) {
      void message.error(err instanceof DOMException && err.name === 'TimeoutError' ? t('downloadTimeout') : errorText(err));
    } finally {
      setDownloading(undefined);
    }
  };

  return { downloading, download };
}

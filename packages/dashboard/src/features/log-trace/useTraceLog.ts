// Reads a trace file through GET /trace/{name}/log page by page (50 KiB), and while the trace runs keeps asking
// for what was appended since (live tail). Past 5 MiB it stops and says the trace is too long to view here.
import { useEffect, useState } from 'react';
import { isAbortError } from '../../api/client';
import { MAX_VIEW_BYTES, fetchLogPage } from './log-trace.api';

export interface TraceLog {
  text: string;
  tooLong: boolean;
  loading: boolean;
  error?: unknown;
}

const TAIL_MS = 2000;

export function useTraceLog(name: string, node: string | undefined, follow: boolean, enabled = true): TraceLog {
  const [log, setLog] = useState<TraceLog>({ text: '', tooLong: false, loading: true });

  useEffect(() => {
    if (!enabled) return;
    const ctl = new AbortController();
    let position = 0;
    let text = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLog({ text: '', tooLong: false, loading: true });

    const readToEnd = async (): Promise<boolean> => {
      for (;;) {
        if (position >= MAX_VIEW_BYTES) return false;
        const page = await fetchLogPage(name, position, node, ctl.signal);
        const items = page.items ?? '';
        if (items === '') return true;
        text += items;
        position = page.meta?.position ?? position + new TextEncoder().encode(items).length;
        setLog({ text, tooLong: false, loading: true });
      }
    };

    const run = async () => {
      try {
        const complete = await readToEnd();
        setLog({ text, tooLong: !complete, loading: false });
        if (complete && follow) timer = setTimeout(() => void run(), TAIL_MS);
      } catch (error) {
        if (!isAbortError(error)) setLog({ text, tooLong: false, loading: false, error });
      }
    };
    void run();
    return () => {
      ctl.abort();
      if (timer) clearTimeout(timer);
    };
  }, [name, node, follow, enabled]);

  return log;
}

// Phone widths (below antd's md breakpoint, 768 px): the menu becomes a drawer opened from the header.
import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const mq = window.matchMedia(QUERY);
  mq.addEventListener?.('change', onChange);
  return () => mq.removeEventListener?.('change', onChange);
}

function read(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}

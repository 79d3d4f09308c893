// Code-split screens: give up after 120 s (spec: chunk load timeout) and offer a retry that really reloads the
// chunk (React.lazy caches a failed promise, so each retry builds a fresh lazy component).
import { Component, Suspense, lazy, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super('chunk load timeout');
    this.name = 'ChunkTimeoutError';
  }
}

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
      load().then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class ScreenErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error) {
      return (
        <ScreenError
          error={this.state.error}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

function ScreenError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="warning"
      title={error instanceof ChunkTimeoutError ? t('chunkTimeout') : t('chunkFailed')}
      subTitle={error instanceof ChunkTimeoutError ? undefined : error.message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}

/** The spinner a screen shows while its chunk loads, centred in the content area; announced as a status. */
export function ScreenFallback() {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-label={t('screenLoading')} style={{ display: 'flex', justifyContent: 'center', padding: '64px 0' }}>
      <Spin size="large" />
    </div>
  );
}

interface Props {
  load: () => Promise<{ default: ComponentType }>;
  timeoutMs?: number;
}

type Loader = Props['load'];
const lazyCache = new WeakMap<Loader, Map<string, LazyExoticComponent<ComponentType>>>();

/**
 * One lazy component per (loader, timeout, attempt), kept outside React: navigations run in a transition, where a
 * component created during a render that suspends is thrown away, so creating it in render (even in useMemo) would
 * suspend forever and leave the previous screen on display.
 */
function lazyFor(load: Loader, timeoutMs: number | undefined, attempt: number): LazyExoticComponent<ComponentType> {
  let byKey = lazyCache.get(load);
  if (!byKey) lazyCache.set(load, (byKey = new Map()));
  const key = `${timeoutMs ?? ''}:${attempt}`;
  let screen = byKey.get(key);
  if (!screen) byKey.set(key, (screen = lazy(withTimeout(load, timeoutMs))));
  return screen;
}

/** Renders a lazily loaded screen with a spinner, a 120 s timeout and a per-route error boundary with retry. */
export function LazyScreen({ load, timeoutMs }: Props) {
  const [attempt, setAttempt] = useState(0);
  const Screen = lazyFor(load, timeoutMs, attempt);
  return (
    <ScreenErrorBoundary onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={<ScreenFallback />}>
        <Screen />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

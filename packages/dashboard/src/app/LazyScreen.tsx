// Code-split screens: give up after 120 s (spec: chunk load timeout) and offer a retry that really reloads the
// chunk (React.lazy caches a failed promise, so each retry builds a fresh lazy component).
import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ReactNode } from 'react';
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

export function ScreenFallback() {
  return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
}

interface Props {
  load: () => Promise<{ default: ComponentType }>;
  timeoutMs?: number;
}

/** Renders a lazily loaded screen with a spinner, a 120 s timeout and a per-route error boundary with retry. */
export function LazyScreen({ load, timeoutMs }: Props) {
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new attempt must create a new lazy component
  const Screen = useMemo(() => lazy(withTimeout(load, timeoutMs)), [load, timeoutMs, attempt]);
  return (
    <ScreenErrorBoundary onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={<ScreenFallback />}>
        <Screen />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

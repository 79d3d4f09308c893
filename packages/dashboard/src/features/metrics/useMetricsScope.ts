// Cluster or one node, kept in the URL (?node=<name>) like the table state of other screens.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useMetricsScope(): [string | undefined, (node: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const node = params.get('node') || undefined;
  const setNode = useCallback(
    (next: string | undefined) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next) p.set('node', next);
          else p.delete('node');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [node, setNode];
}

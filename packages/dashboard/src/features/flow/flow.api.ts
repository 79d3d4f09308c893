// The flow view's one query: rules, actions, sources and connectors, read together every 5 s so each node's status
// is live. A node without data integration (404 at /sources, /actions or /connectors) shows its rules alone.
import { useQuery } from '@tanstack/react-query';
import { api, isApiError, unwrap } from '../../api/client';
import { fetchActions, fetchAllRules, fetchConnectors } from '../webhook/webhook.api';
import { buildFlow, type Resource } from './flow.graph';

export const FLOW_REFRESH_MS = 5_000;

export const flowKeys = { all: ['flow'] as const };

const orNone = (p: Promise<Resource[]>) => p.catch((e: unknown) => (isApiError(e) && (e.status === 404 || e.status === 405) ? [] : Promise.reject(e)));

async function fetchSources(signal?: AbortSignal): Promise<Resource[]> {
  return ((await api.GET('/sources', { signal }).then(unwrap)) ?? []) as unknown as Resource[];
}

export function useFlowQuery() {
  return useQuery({
    queryKey: flowKeys.all,
    refetchInterval: FLOW_REFRESH_MS,
    queryFn: async ({ signal }) => {
      const [rules, actions, sources, connectors] = await Promise.all([
        fetchAllRules(signal),
        orNone(fetchActions(signal)),
        orNone(fetchSources(signal)),
        orNone(fetchConnectors(signal)),
      ]);
      return buildFlow(rules, actions, sources, connectors);
    },
  });
}

// The sources of data integration, `/sources…`: the shared bridge fetchers named for sources. A source feeds rules
// through the `$bridges/<type>:<name>` input.
import {
  bridgeKeys,
  deleteBridge,
  probeBridge,
  useBridgeMetricsQuery,
  useBridgeQuery,
  useBridgesQuery,
  useCreateBridgeMutation,
  useDeleteBridgeMutation,
  useEnableBridgeMutation,
  useReconnectBridgeMutation,
  useResetBridgeMetricsMutation,
  useUpdateBridgeMutation,
} from '../actions/bridges.api';

export type { Bridge as Source, BridgeMetrics as SourceMetrics } from '../actions/bridges.api';

export const sourceKeys = {
  all: bridgeKeys.all('sources'),
  list: () => bridgeKeys.list('sources'),
  detail: (id: string) => bridgeKeys.detail('sources', id),
  metrics: (id: string) => bridgeKeys.metrics('sources', id),
};

export const useSourcesQuery = (opts?: { poll?: boolean }) => useBridgesQuery('sources', opts);
export const useSourceQuery = (id: string) => useBridgeQuery('sources', id);
export const useSourceMetricsQuery = (id: string, opts?: { poll?: boolean }) => useBridgeMetricsQuery('sources', id, opts);
export const useCreateSourceMutation = () => useCreateBridgeMutation('sources');
export const useUpdateSourceMutation = () => useUpdateBridgeMutation('sources');
export const useEnableSourceMutation = () => useEnableBridgeMutation('sources');
export const useReconnectSourceMutation = () => useReconnectBridgeMutation('sources');
export const useResetSourceMetricsMutation = () => useResetBridgeMetricsMutation('sources');
export const useDeleteSourceMutation = () => useDeleteBridgeMutation('sources');
export const deleteSource = (id: string) => deleteBridge('sources', id);
export const probeSource = (body: Record<string, unknown>) => probeBridge('sources', body);

/** The rule input of a source. */
export const sourceInput = (type: string, name: string) => `$bridges/${type}:${name}`;

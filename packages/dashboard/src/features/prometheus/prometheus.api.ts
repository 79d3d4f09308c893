// Data of Management › Monitoring › Integration: GET|PUT /prometheus (packages/server/src/modules/prometheus).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrometheusSettings } from '@mqdeck/api';
import { api, apiBaseUrl, unwrap } from '../../api/client';

export type { PrometheusSettings };
export const prometheusKey = ['prometheus'] as const;

export function usePrometheusQuery() {
  return useQuery({ queryKey: prometheusKey, queryFn: ({ signal }) => api.GET('/prometheus', { signal }).then(unwrap) });
}

export function useSavePrometheusMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: PrometheusSettings) => api.PUT('/prometheus', { body: value as never }).then(unwrap),
    onSuccess: (v) => qc.setQueryData(prometheusKey, v),
  });
}

/** The scrape endpoint of this node as the browser reaches it, and a prometheus.yml job for it. */
export function scrapeTarget(basicAuth: boolean): { url: string; yaml: string } {
  const url = new URL(`${apiBaseUrl()}/prometheus/stats`);
  const auth = basicAuth ? ['    basic_auth:', '      username: <API key>', '      password: <API secret>'] : [];
  const yaml = [
    'scrape_configs:',
    '  - job_name: mqdeck',
    `    metrics_path: ${url.pathname}`,
    `    scheme: ${url.protocol.replace(':', '')}`,
    ...auth,
    '    static_configs:',
    `      - targets: ['${url.host}']`,
  ].join('\n');
  return { url: url.href, yaml };
}

// Data of the OpenTelemetry tab of Monitoring › Integration: GET|PUT /opentelemetry.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { OtelSettings } from './opentelemetry.types';

export const opentelemetryKey = ['opentelemetry'] as const;

export function useOpentelemetryQuery() {
  return useQuery({
    queryKey: opentelemetryKey,
    queryFn: ({ signal }) => api.GET('/opentelemetry', { signal }).then(unwrap) as Promise<OtelSettings>,
  });
}

export function useSaveOpentelemetryMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: OtelSettings) => api.PUT('/opentelemetry', { body: value as never }).then(unwrap) as Promise<OtelSettings>,
    onSuccess: (v) => qc.setQueryData(opentelemetryKey, v),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export type FlappingDetect = Schemas['emqx.flapping_detect'];

// Read and written through the global zone, as EMQX's console does (the same config path as flapping_detect).
const zoneKey = ['configs', 'global_zone'] as const;

export function useGlobalZoneQuery() {
  return useQuery({
    queryKey: zoneKey,
    queryFn: ({ signal }) => api.GET('/configs/global_zone', { signal }).then(unwrap),
  });
}

export function useSaveFlappingMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (flapping: FlappingDetect) => {
      // PUT replaces the whole zone: send the current one back with only flapping_detect changed.
      const zone = await api.GET('/configs/global_zone').then(unwrap);
      return api.PUT('/configs/global_zone', { body: { ...zone, flapping_detect: flapping } as never }).then(unwrap);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: zoneKey }),
  });
}

// Data of the MQTT settings screens: the global zone (mqtt, durable_sessions…), the retainer and $SYS topics.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export type ZoneSection = 'mqtt' | 'durable_sessions' | 'force_shutdown' | 'flapping_detect';
type AnyConfig = Record<string, unknown>;

// The global zone: the MQTT settings screens and Flapping Detect each edit one section of it.
export const configKeys = {
  zone: ['configs', 'global_zone'] as const,
  retainer: ['mqtt', 'retainer'] as const,
  sysTopics: ['configs', 'sys_topics'] as const,
};

export function useGlobalZoneQuery() {
  return useQuery({
    queryKey: configKeys.zone,
    queryFn: ({ signal }) => api.GET('/configs/global_zone', { signal }).then(unwrap),
  });
}

/** PUT /configs/global_zone: the whole zone, as GET answers it. */
export type GlobalZone = NonNullable<BodyOf<'/configs/global_zone', 'put'>>;

export function useSaveZoneSectionMutation<S extends ZoneSection>(section: S) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (value: NonNullable<GlobalZone[S]>) => {
      // PUT replaces the whole zone: send the node's current zone back with only this section changed.
      const zone = await api.GET('/configs/global_zone').then(unwrap);
      return api.PUT('/configs/global_zone', { body: { ...zone, [section]: value } }).then(unwrap);
    },
    onSuccess: (zone) => qc.setQueryData(configKeys.zone, zone),
  });
}

export function useRetainerQuery() {
  return useQuery({
    queryKey: configKeys.retainer,
    queryFn: ({ signal }) => api.GET('/mqtt/retainer', { signal }).then(unwrap),
  });
}

export function useSaveRetainerMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: AnyConfig) => api.PUT('/mqtt/retainer', { body: value as never }).then(unwrap),
    onSuccess: (v) => {
      qc.setQueryData(configKeys.retainer, v);
      // The retained-messages screen shows a banner while the retainer is off.
      void qc.invalidateQueries({ queryKey: ['retained'] });
    },
  });
}

export function useSysTopicsQuery() {
  return useQuery({
    queryKey: configKeys.sysTopics,
    queryFn: ({ signal }) => api.GET('/configs/sys_topics', { signal }).then(unwrap),
  });
}

export function useSaveSysTopicsMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: NonNullable<BodyOf<'/configs/sys_topics', 'put'>>) => api.PUT('/configs/sys_topics', { body: value }).then(unwrap),
    onSuccess: (v) => qc.setQueryData(configKeys.sysTopics, v),
  });
}

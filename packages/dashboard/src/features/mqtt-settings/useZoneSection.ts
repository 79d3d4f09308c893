import type { UseQueryResult } from '@tanstack/react-query';
import type { ReplyOf } from '@mqdeck/api';
import type { ZoneSection } from './mqtt-settings.api';

type Zone = ReplyOf<'/configs/global_zone', 'get', 200>;

/** The zone query narrowed to one section, keeping loading/error/refetch of the whole zone. */
export function useZoneSection<S extends ZoneSection>(zone: UseQueryResult<Zone>, section: S): UseQueryResult<Zone[S] | undefined> {
  return { ...zone, data: zone.data?.[section] } as UseQueryResult<Zone[S] | undefined>;
}

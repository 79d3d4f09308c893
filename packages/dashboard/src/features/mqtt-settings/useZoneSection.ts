import type { UseQueryResult } from '@tanstack/react-query';

type AnyConfig = Record<string, unknown>;

/** The zone query narrowed to one section, keeping loading/error/refetch of the whole zone. */
export function useZoneSection(zone: UseQueryResult<Record<string, AnyConfig>>, section: string): UseQueryResult<AnyConfig | undefined> {
  return { ...zone, data: zone.data?.[section] } as UseQueryResult<AnyConfig | undefined>;
}

// Data of System › License: GET /license (what the node states about itself) and GET|PUT /license/setting
// (the connection watermarks). packages/server/src/modules/license explains the values.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LicenseInfo } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

export type License = LicenseInfo;
export interface LicenseSetting {
  connection_low_watermark: string;
  connection_high_watermark: string;
}

export const licenseKeys = { info: ['license'] as const, setting: ['license', 'setting'] as const };

export function useLicenseQuery() {
  return useQuery({ queryKey: licenseKeys.info, queryFn: ({ signal }) => api.GET('/license', { signal }).then(unwrap) });
}

export function useLicenseSettingQuery() {
  return useQuery({
    queryKey: licenseKeys.setting,
    queryFn: async ({ signal }): Promise<LicenseSetting> => {
      const s = unwrap(await api.GET('/license/setting', { signal }));
      return { connection_low_watermark: s.connection_low_watermark ?? '75%', connection_high_watermark: s.connection_high_watermark ?? '80%' };
    },
  });
}

export function useSaveLicenseSettingMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (value: LicenseSetting): Promise<LicenseSetting> => {
      const s = unwrap(await api.PUT('/license/setting', { body: value }));
      return {
        connection_low_watermark: s.connection_low_watermark ?? value.connection_low_watermark,
        connection_high_watermark: s.connection_high_watermark ?? value.connection_high_watermark,
      };
    },
    onSuccess: (v) => qc.setQueryData(licenseKeys.setting, v),
  });
}

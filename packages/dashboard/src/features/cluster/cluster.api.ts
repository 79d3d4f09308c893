import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export interface ClusterInfo {
  name: string;
  nodes: string[];
}

export function useClusterQuery() {
  return useQuery({ queryKey: ['cluster'], queryFn: ({ signal }) => api.GET('/cluster', { signal }).then(unwrap) });
}

export function useClusterNodesQuery() {
  return useQuery({ queryKey: ['nodes'], queryFn: ({ signal }) => api.GET('/nodes', { signal }).then(unwrap) });
}

export function useInviteNodeMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (node: string) => api.PUT('/cluster/{node}/invite', { params: { path: { node } }, body: {} }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cluster'] }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export interface RewriteRule {
  action: 'publish' | 'subscribe' | 'all';
  source_topic: string;
  re: string;
  dest_topic: string;
}

const key = ['mqtt', 'topic_rewrite'] as const;

export function useRewriteRulesQuery() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.GET('/mqtt/topic_rewrite', { signal }).then(unwrap) });
}

/** PUT carries the whole ordered list (EMQX has no per-rule endpoint). */
export function useSaveRewriteRulesMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rules: RewriteRule[]) => api.PUT('/mqtt/topic_rewrite', { body: rules as never }).then(unwrap),
    onSuccess: (rules) => qc.setQueryData(key, rules),
  });
}

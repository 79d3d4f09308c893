import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '@mqdeck/api';
import { api, unwrap } from '../../api/client';

/** One rule of the ordered list GET/PUT /mqtt/topic_rewrite carries. */
export type RewriteRule = ReplyOf<'/mqtt/topic_rewrite', 'get', 200>[number];

const key = ['mqtt', 'topic_rewrite'] as const;

export function useRewriteRulesQuery() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.GET('/mqtt/topic_rewrite', { signal }).then(unwrap) });
}

/** PUT carries the whole ordered list (EMQX has no per-rule endpoint). */
export function useSaveRewriteRulesMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rules: RewriteRule[]) => api.PUT('/mqtt/topic_rewrite', { body: rules }).then(unwrap),
    onSuccess: (rules) => qc.setQueryData(key, rules),
  });
}

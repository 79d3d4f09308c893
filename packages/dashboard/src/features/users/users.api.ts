import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

/** A dashboard user as listed (`role` only on Enterprise). */
export interface UserRow {
  username: string;
  description?: string;
  role?: string;
}

export function useUsersQuery() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: async ({ signal }): Promise<UserRow[]> => {
      const list = (await api.GET('/users', { signal }).then(unwrap)) ?? [];
      return list.map((u) => ({ username: u.username ?? '', description: u.description, role: u.role }));
    },
  });
}

export interface CreateUserVariables {
  username: string;
  password: string;
  description?: string;
  role?: string;
}

export function useCreateUserMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: CreateUserVariables) => api.POST('/users', { body: v }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUserMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ username, ...body }: { username: string; description?: string; role?: string }) =>
      api.PUT('/users/{username}', { params: { path: { username } }, body }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUserMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => api.DELETE('/users/{username}', { params: { path: { username } } }).then(unwrap),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

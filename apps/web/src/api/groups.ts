import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, GroupNode, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The caller's custom group tree (GET /api/finished_group/getGrouplist). */
export function useGroupTree() {
  return useQuery({
    queryKey: queryKeys.groups.list(),
    queryFn: ({ signal }) => call('groupList', { query: {}, signal }),
    select: (d) => d.list as GroupNode[],
  });
}

/** A group edit: the tree and the finished list (group names and lock flags) are fetched again. */
function useGroupMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([queryKeys.groups.all, queryKeys.finished.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useAddGroup = () => useGroupMutation((body: { pid: number; name: string }) => call('groupAdd', { body }));
export const useRenameGroup = () => useGroupMutation((body: BodyOf<typeof routes.groupUpdate>) => call('groupUpdate', { body }));
export const useLockGroup = () =>
  useGroupMutation((v: { id: number; locked: boolean }) => call(v.locked ? 'groupLock' : 'groupUnlock', { body: { id: v.id } }));
export const useDeleteGroup = () => useGroupMutation((id: number) => call('groupDel', { body: { id } }));

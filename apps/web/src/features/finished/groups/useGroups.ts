import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type BodyOf, type GroupNode } from '@app/contract';
import { call } from '../../../api';
import { finishedKeys } from '../../../api/finished';
import { queryKeysFactory } from '../../../api/queryKeys';

export const groupKeys = queryKeysFactory('groups');
export type GroupOption = GroupNode;

/** The caller's custom group tree (GET /api/finished_group/getGrouplist). */
export function useGroupTree() {
  return useQuery({
    queryKey: groupKeys.list(),
    queryFn: ({ signal }) => call(routes.groupList, { query: {}, signal }),
    select: (d) => d.list as GroupNode[],
  });
}

/** Ids from the top down to a group, for the cascader; [] when it is not in the tree. */
export function groupPath(tree: readonly GroupNode[], id: number): number[] {
  for (const g of tree) {
    if (g.id === id) return [g.id];
    const below = groupPath(g.childlist as GroupNode[], id);
    if (below.length) return [g.id, ...below];
  }
  return [];
}

/** A group edit: the tree and the list (group names and lock flags) are fetched again. */
function useGroupMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([groupKeys.all, finishedKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useAddGroup = () => useGroupMutation((body: { pid: number; name: string }) => call(routes.groupAdd, { body }));
export const useRenameGroup = () => useGroupMutation((body: BodyOf<typeof routes.groupUpdate>) => call(routes.groupUpdate, { body }));
export const useLockGroup = () =>
  useGroupMutation((v: { id: number; locked: boolean }) => call(v.locked ? routes.groupLock : routes.groupUnlock, { body: { id: v.id } }));
export const useDeleteGroup = () => useGroupMutation((id: number) => call(routes.groupDel, { body: { id } }));

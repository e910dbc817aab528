import type { GroupNode } from '@app/contract';

export type GroupOption = GroupNode;

/** Ids from the top down to a group, for the cascader; [] when it is not in the tree. */
export function groupPath(tree: readonly GroupNode[], id: number): number[] {
  for (const g of tree) {
    if (g.id === id) return [g.id];
    const below = groupPath(g.childlist as GroupNode[], id);
    if (below.length) return [g.id, ...below];
  }
  return [];
}

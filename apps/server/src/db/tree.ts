/** A row of a table that nests by parent id (categories, custom groups); `pid` 0 is the top. */
export interface TreeNode {
  id: number;
  pid: number;
}

/**
 * The roots and every node below them, over rows already read: breadth first, the roots first, each
 * node's children in the order of `nodes`, every id once (a cycle in damaged data ends the walk).
 */
export function descendantIds(nodes: readonly TreeNode[], rootIds: readonly number[]): number[] {
  const childrenOf = new Map<number, number[]>();
  for (const n of nodes) {
    const siblings = childrenOf.get(n.pid);
    if (siblings) siblings.push(n.id);
    else childrenOf.set(n.pid, [n.id]);
  }
  const out = [...new Set(rootIds)];
  const seen = new Set(out);
  for (let i = 0; i < out.length; i++)
    for (const id of childrenOf.get(out[i]!) ?? [])
      if (!seen.has(id)) {
        seen.add(id);
        out.push(id);
      }
  return out;
}

import { MATERIAL_FOLDER_MAX_DEPTH, type MaterialFolderNode } from '@app/contract';
import { AppError } from '../../http/errors.js';
import type { FolderRow } from './repo.js';

// The folder tree of a material library (docs/editor.md#materials): a folder holds subfolders up to
// MATERIAL_FOLDER_MAX_DEPTH levels; these read the tree from an owner's folder rows.

export const folderNotFound = () => new AppError(404, 'materialFolderNotFound');

/** Children ids by parent id. */
function childrenOf(folders: FolderRow[]): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const f of folders) children.set(f.pid, [...(children.get(f.pid) ?? []), f.id]);
  return children;
}

/** Folder ids of `id` and everything under it (cycle-safe). */
export function subtreeOf(folders: FolderRow[], id: number): Set<number> {
  const children = childrenOf(folders);
  const out = new Set<number>([id]);
  const stack = [id];
  while (stack.length > 0) {
    for (const c of children.get(stack.pop()!) ?? []) {
      if (!out.has(c)) {
        out.add(c);
        stack.push(c);
      }
    }
  }
  return out;
}

/** The level of a folder: 1 at the root, 0 for the root itself (cycle-safe). */
export function depthOf(folders: FolderRow[], id: number): number {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const seen = new Set<number>();
  let depth = 0;
  for (let f = byId.get(id); f && !seen.has(f.id); f = byId.get(f.pid)) {
    seen.add(f.id);
    depth += 1;
  }
  return depth;
}

/** How many levels a folder and its subfolders span (1 for a folder without subfolders). */
export function heightOf(folders: FolderRow[], id: number): number {
  const children = childrenOf(folders);
  const seen = new Set<number>();
  const height = (n: number): number => {
    if (seen.has(n)) return 0;
    seen.add(n);
    return 1 + Math.max(0, ...(children.get(n) ?? []).map(height));
  };
  return height(id);
}

/**
 * The folder forest under the root. A folder whose parent is gone, or that two racing moves left in a
 * cycle or too deep, shows at the root: every folder stays reachable and the tree fits its schema.
 */
export function buildTree(folders: FolderRow[]): MaterialFolderNode[] {
  const nodes = new Map<number, MaterialFolderNode>(folders.map((f) => [f.id, { id: f.id, pid: f.pid, title: f.title, children: [] }]));
  const roots: MaterialFolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.pid === 0 ? undefined : nodes.get(node.pid);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  for (;;) {
    const reached = new Set<number>();
    let tooDeep: MaterialFolderNode | undefined;
    const walk = (ns: MaterialFolderNode[], depth: number) =>
      ns.forEach((n) => {
        reached.add(n.id);
        if (depth > MATERIAL_FOLDER_MAX_DEPTH) tooDeep ??= n;
        else walk(n.children, depth + 1);
      });
    walk(roots, 1);
    const misplaced = tooDeep ?? [...nodes.values()].find((n) => !reached.has(n.id));
    if (!misplaced) return roots;
    const parent = nodes.get(misplaced.pid)!;
    parent.children = parent.children.filter((c) => c !== misplaced);
    roots.push(misplaced);
  }
}

export const tooDeep = () => new AppError(400, 'materialFolderTooDeep', { max: MATERIAL_FOLDER_MAX_DEPTH });

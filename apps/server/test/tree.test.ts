import { describe, expect, it } from 'vitest';
import { descendantIds } from '../src/db/tree.js';

/** db/tree.ts: the one walk below a category or custom group. */
describe('descendantIds', () => {
  const nodes = [
    { id: 1, pid: 0 },
    { id: 2, pid: 1 },
    { id: 3, pid: 1 },
    { id: 4, pid: 2 },
    { id: 5, pid: 0 },
    { id: 6, pid: 3 },
  ];

  it('gives the root and everything below it, breadth first, children in the rows’ order', () => {
    expect(descendantIds(nodes, [1])).toEqual([1, 2, 3, 4, 6]);
    expect(descendantIds(nodes, [5])).toEqual([5]);
  });

  it('walks from several roots, each id once', () => {
    expect(descendantIds(nodes, [2, 1])).toEqual([2, 1, 4, 3, 6]);
  });

  it('keeps a root that is not among the rows, and ends a cycle', () => {
    expect(descendantIds(nodes, [9])).toEqual([9]);
    expect(descendantIds([...nodes, { id: 1, pid: 6 }], [1])).toEqual([1, 2, 3, 4, 6]);
  });
});

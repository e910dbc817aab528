import { describe, expect, test } from 'vitest';
import { pageWindow } from './Pager';

describe('the pages the pager shows', () => {
  test('every page when there are seven or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  test('the first, the last, the current one with its neighbours, and a gap (0 before, -1 after) where pages are left out', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, -1, 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, -1, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 0, 3, 4, 5, -1, 20]);
    expect(pageWindow(10, 20)).toEqual([1, 0, 9, 10, 11, -1, 20]);
    expect(pageWindow(18, 20)).toEqual([1, 0, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 0, 17, 18, 19, 20]);
  });
});

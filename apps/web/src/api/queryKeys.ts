/**
 * Query keys come from one factory so that a mutation invalidates exactly what it changed, by prefix:
 * `invalidateQueries({ queryKey: subAccountKeys.all })` refreshes every sub-account list.
 */
export function queryKeysFactory<const R extends string>(resource: R) {
  const all = [resource] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (query: object = {}) => [...all, 'list', query] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number | string) => [...all, 'detail', id] as const,
  };
}

export const userKeys = { ...queryKeysFactory('user'), me: () => ['user', 'me'] as const };
export const subAccountKeys = queryKeysFactory('subAccount');
export const officeKeys = queryKeysFactory('office');

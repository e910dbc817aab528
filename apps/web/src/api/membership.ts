import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The membership levels with what each unlocks and its prices, and the caller's own (GET /api/member/getPlans). */
export const useMemberPlans = () =>
  useQuery({ queryKey: queryKeys.membership.plans(), queryFn: ({ signal }) => call('memberPlans', { signal }), staleTime: 60_000 });

/**
 * Buys a level for some months from the wallet (POST /api/member/upgrade, docs/membership.md): the account, its level
 * mark, the plans, the wallet and the catalogue (what the level allows designing) are fetched again.
 */
export function useMemberUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof routes.memberUpgrade>) => call('memberUpgrade', { body }),
    onSuccess: () =>
      Promise.all(
        [queryKeys.user.all, queryKeys.membership.all, queryKeys.wallet.all, queryKeys.catalogue.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

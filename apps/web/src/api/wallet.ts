import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BillFilterQuery, BillListQuery } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The wallet's balance and its latest bill lines (GET /api/wallet/getInfo, docs/orders.md#the-wallet). */
export const useWalletInfo = () => useQuery({ queryKey: queryKeys.wallet.info(), queryFn: ({ signal }) => call('walletInfo', { signal }) });

/**
 * Starts a recharge (POST /api/wallet/recharge): answers the provider's pay page to open (docs/orders.md#recharging),
 * which sends the seller back to the wallet page or, from the phone, to its personal centre.
 */
export const useStartRecharge = (backTo: 'wallet' | 'phone' = 'wallet') =>
  useMutation({ mutationFn: (amount: string) => call('walletRecharge', { body: { amount, back_to: backTo } }) });

/** How often a recharge back from the pay page is asked about until its payment is recorded. */
const FOLLOW_MS = 1000;

/**
 * A recharge followed after the seller comes back from the pay page (GET /api/wallet/getRecharge): asked every
 * second while pending (the provider's notify, or the reconcile, records it); once paid the balance and the bills are
 * fetched again.
 */
export function useRechargeFollow(id: number | undefined) {
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: queryKeys.wallet.recharge(id ?? 0),
    queryFn: ({ signal }) => call('walletGetRecharge', { query: { id: id! }, signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? FOLLOW_MS : false),
  });
  const status = q.data?.status;
  useEffect(() => {
    // The balance and the bills; not the recharge itself, which is settled.
    if (status === 'paid')
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all, predicate: (q) => q.queryKey[1] !== 'recharge' });
  }, [status, queryClient]);
  return q;
}

/** A page of the bill lines over the filters, newest first (GET /api/bill/getlist, docs/orders.md#bills). */
export const useBillList = (query: Partial<BillListQuery>) =>
  useQuery({
    queryKey: queryKeys.wallet.bills(query),
    queryFn: ({ signal }) => call('billList', { query, signal }),
    placeholderData: keepPreviousData,
  });

/** The totals over the same filters: recharged, paid, refunded, net, orders and units (GET /api/bill/statistics). */
export const useBillStatistics = (query: Partial<BillFilterQuery>) =>
  useQuery({
    queryKey: queryKeys.wallet.billStatistics(query),
    queryFn: ({ signal }) => call('billStatistics', { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Each account's share over the same filters, for a parent (GET /api/bill/childStatistics). */
export const useBillChildStatistics = (query: Partial<BillFilterQuery>, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.wallet.billChildStatistics(query),
    queryFn: ({ signal }) => call('billChildStatistics', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Starts a bills export over the page's filters (GET /api/bill/export): 1 the bill lines, 2 each account's statistics. */
export function useStartBillExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: Partial<BillFilterQuery> & { exporttype: number }) => call('billExport', { query: query as never }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.wallet.all, 'billExports'] }),
  });
}

/** The bills export log (GET /api/bill/exportLog), asked again every 2 s while one is being written. */
export const useBillExportLog = (pageNumber: number) =>
  useQuery({
    queryKey: queryKeys.wallet.billExports(pageNumber),
    queryFn: ({ signal }) => call('billExportLog', { query: { pageNumber, pageSize: 10 }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 'waiting' || r.status === 'running') ? 2000 : false),
  });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, UserInfo, routes } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The logged-in account (GET /api/user/info). */
export function useUserInfo() {
  return useQuery({ queryKey: queryKeys.user.me(), queryFn: ({ signal }) => call('info', { signal }), staleTime: 5 * 60_000 });
}

/** The caller and its sub-accounts with their state (GET /api/user/getChildList). */
export function useSubAccounts() {
  return useQuery({
    queryKey: queryKeys.subAccounts.list(),
    queryFn: ({ signal }) => call('childList', { signal }),
    select: (data) => data.list,
  });
}

/** Offices (teams) of the account family (GET /api/office/getlist). */
export function useOffices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: queryKeys.offices.list(),
    queryFn: ({ signal }) => call('officeList', { signal }),
    select: (data) => data.list,
  });
}

/** The account picker's options (GET /api/user/getAccountList): a parent gets "本人" then its sub-accounts. */
export function useAccountOptions() {
  return useQuery({
    queryKey: queryKeys.accounts.options(),
    queryFn: ({ signal }) => call('accountList', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Logging in or registering starts a new session: nothing cached for an earlier one may show. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (user: UserInfo) => {
    queryClient.removeQueries();
    queryClient.setQueryData(queryKeys.user.me(), user);
  };
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: BodyOf<typeof routes.login>) => call('login', { body }),
    onSuccess: (session) => startSession(session.user),
  });
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: BodyOf<typeof routes.register>) => call('register', { body }),
    onSuccess: (session) => startSession(session.user),
  });
}

/** Ends the session on the server. The caller leaves the back office and then drops the cache. */
export function useLogout() {
  return useMutation({ mutationFn: () => call('logout') });
}

export function useCreateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof routes.createChild>) => call('createChild', { body }),
    onSuccess: () =>
      Promise.all([queryKeys.subAccounts.all, queryKeys.offices.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Disables or enables a sub-account (POST /api/user/disableChild, /api/user/enableChild). */
export function useSetSubAccountDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) => call(disabled ? 'disableChild' : 'enableChild', { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.subAccounts.all }),
  });
}

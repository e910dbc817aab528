export { ApiError } from './ApiError';
export { call, configureApiClient, upload, type CallInput } from './client';
export { queryKeysFactory, userKeys, subAccountKeys, officeKeys } from './queryKeys';
export {
  useUserInfo,
  useSubAccounts,
  useOffices,
  useLogin,
  useRegister,
  useLogout,
  useCreateSubAccount,
  useSetSubAccountDisabled,
} from './accounts';
export { hasSessionCookie, clearReadableSessionCookies } from './session';

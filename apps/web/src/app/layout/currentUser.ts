import { createContext, useContext } from 'react';
import type { UserInfo } from '@app/contract';

export const CurrentUserContext = createContext<UserInfo | null>(null);

/** The logged-in account, on any page inside the back-office layout (which loads it before rendering one). */
export function useCurrentUser(): UserInfo {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside the back-office layout');
  return user;
}

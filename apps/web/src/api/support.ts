import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** Customer service's phone number and the support address of the help drawer (GET /api/help/contact). */
export function useSupportContact() {
  return useQuery({
    queryKey: queryKeys.support.contact(),
    queryFn: ({ signal }) => call('supportContact', { signal }),
    staleTime: Infinity,
  });
}

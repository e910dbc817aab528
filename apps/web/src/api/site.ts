import { useMutation, useQuery } from '@tanstack/react-query';
import type { InquiryAddBody } from '@app/contract';
import { call } from './client';
import { queryKeys } from './queryKeys';

/** The advantage page's live figures (GET /api/site/figures, docs/mobile.md#site-figures): at most a minute old. */
export const useSiteFigures = () =>
  useQuery({ queryKey: queryKeys.site.figures(), queryFn: ({ signal }) => call('siteFigures', { signal }), staleTime: 60_000 });

/** Sends the deployment page's inquiry (POST /api/inquiry/add, docs/mobile.md#inquiries); a refusal's msg is shown by the app. */
export const useAddInquiry = () => useMutation({ mutationFn: (body: InquiryAddBody) => call('inquiryAdd', { body }) });

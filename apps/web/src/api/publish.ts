import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, PublishPlatform, PublishRecord, QueryOf, routes } from '@app/contract';
import { call } from './client';
import { JOB_POLL_INTERVAL_MS } from './jobs';
import { queryKeys } from './queryKeys';

/** The publish body of either marketplace: A takes `aliexpress_template_id`, B `tk_template_id` (docs/publishing.md#the-calls). */
export type PublishCall =
  { platform: 2; body: BodyOf<typeof routes.aliexpressPublish> } | { platform: 15; body: BodyOf<typeof routes.tiktokPublish> };

/** One product's colours and sizes to keep, as getVariantInfoByProducts / getVariantPrice take them. */
export interface VariantChoice {
  id: number;
  colors: string[];
  sizes: string[];
}

/**
 * The colours and sizes of each chosen product (GET /api/aliexpress/getColorSizePreview?ids=, docs/publish-tab.md#variant-table: it
 * serves both marketplaces); no request without products.
 */
export function useColorSizePreview(ids: readonly number[]) {
  const joined = ids.join(',');
  return useQuery({
    queryKey: queryKeys.publish.preview(joined),
    queryFn: ({ signal }) => call('aliexpressColorSizePreview', { query: { ids: joined }, signal }),
    select: (d) => d.list,
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

/**
 * The variant table's rows (docs/variants.md#variant-info): POST /api/aliexpress/getVariantPrice with the colours and
 * sizes kept per product, the pricing template (0: the built-in default) and the marketplace, so the table shows
 * the prices the listing will carry, in their currency, and with the product template the seller SKUs it will send.
 * Asked again when a colour or size is ticked or unticked; the previous rows stay on screen meanwhile.
 */
export function useVariantInfo(choices: readonly VariantChoice[] | null, pricingTemplateId: number, platform: number, templateId = 0) {
  return useQuery({
    queryKey: [...queryKeys.publish.variants(choices, pricingTemplateId), platform, templateId] as const,
    queryFn: ({ signal }) => {
      const products = choices!.map((c) => ({ id: c.id, colors: c.colors, sizes: c.sizes }));
      // Always priced as the listing will be: template 0 is the marketplace's built-in default, in USD
      // (docs/pricing-templates.md#template-0), never the blank's CNY cost.
      // The product template's SKU prefix makes the seller SKUs the publish sends (docs/exports.md#skus).
      return call('aliexpressVariantPrice', {
        body: { pricing_template_id: pricingTemplateId, products, type: platform, template_id: templateId },
        signal,
      });
    },
    select: (d) => d.list,
    enabled: choices !== null && choices.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The pre-flight (POST /api/aliexpress|tiktok/preflight): which products would go, which not and why; nothing is sent. */
export function usePreflight() {
  return useMutation({
    mutationFn: (c: PublishCall) =>
      c.platform === 2 ? call('aliexpressPreflight', { body: c.body }) : call('tiktokPreflight', { body: c.body }),
  });
}

/** Publishes (POST /api/aliexpress|tiktok/publish): one job per accepted product; the records lists are fetched again. */
export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: PublishCall) =>
      c.platform === 2 ? call('aliexpressPublish', { body: c.body }) : call('tiktokPublish', { body: c.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.publish.lists() }),
  });
}

/** A record the marketplace has not settled yet. */
export const isPublishRunning = (r: Pick<PublishRecord, 'status'>) =>
  r.status === 'queued' || r.status === 'uploading' || r.status === 'creating';

/** How many times a records page is asked for again while something stays unsettled (ten minutes at the interval). */
export const PUBLISH_POLL_LIMIT = 400;

type Tally = Record<PublishRecord['status'], number>;
/** Whether the tally (every filtered record, not only the page shown) holds something still on its way. */
export const tallyRunning = (tally: Tally | undefined) => !!tally && tally.queued + tally.uploading + tally.creating > 0;

/**
 * When to ask for the publish records again: while anything the filters cover is queued, uploading or
 * creating, after the job-poll interval, up to PUBLISH_POLL_LIMIT answers; never once all settled.
 */
export const nextPublishPoll = (tally: Tally | undefined, answers = 0): number | false =>
  answers < PUBLISH_POLL_LIMIT && tallyRunning(tally) ? JOB_POLL_INTERVAL_MS : false;

/**
 * One page of publish records (GET /api/publish/getlist) with the counts per status, asked again while
 * anything is on its way (nextPublishPoll), so statuses and the batch's progress move on their own.
 */
export function usePublishRecords(query: QueryOf<typeof routes.publishList>) {
  return useQuery({
    queryKey: queryKeys.publish.list(query),
    queryFn: ({ signal }) => call('publishList', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => nextPublishPoll(q.state.data?.tally, q.state.dataUpdateCount),
  });
}

/** Retries failed records (POST /api/publish/retry): the ids given, or every failed one of the platform. */
export function useRetryPublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids?: number[]; platform?: PublishPlatform }) => call('publishRetry', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.publish.lists() }),
  });
}

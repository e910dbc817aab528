import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTE_ADDRESSES, type BodyOf, type QueryOf, type routes } from '@app/contract';
import { ApiError } from './ApiError';
import { call, upload } from './client';
import { queryKeys } from './queryKeys';

/** One page of watermarks (GET /api/watermark/getlist → data.datalist). */
export function useWatermarks(query: QueryOf<typeof routes.watermarkList>) {
  return useQuery({
    queryKey: queryKeys.watermarks.list(query),
    queryFn: ({ signal }) => call('watermarkList', { query, signal }),
  });
}

/** One watermark for its edit form (GET /api/watermark/update?id=); no request without an id. */
export function useWatermark(id: number | null) {
  return useQuery({
    queryKey: queryKeys.watermarks.detail(id ?? 0),
    queryFn: ({ signal }) => call('watermarkGet', { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

function useWatermarkMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.watermarks.all }) });
}

export const useAddWatermark = () => useWatermarkMutation((body: BodyOf<typeof routes.watermarkAdd>) => call('watermarkAdd', { body }));
export const useUpdateWatermark = () =>
  useWatermarkMutation((body: BodyOf<typeof routes.watermarkUpdate>) => call('watermarkUpdate', { body }));
export const useDeleteWatermarks = () => useWatermarkMutation((ids: number[]) => call('watermarkDel', { body: { ids } }));

/** Uploads a watermark PNG; the answer's image_url is the token the add/update body sends back. */
export const uploadWatermarkImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return upload('watermarkUploadImage', form);
};

export type WatermarkPreviewBody = BodyOf<typeof routes.watermarkPreview>;

/**
 * The sample mockup with an unsaved watermark (POST /api/watermark/preview): a JPEG, not an envelope; a
 * refusal still answers the envelope, whose message becomes the ApiError.
 */
export async function fetchWatermarkPreview(body: WatermarkPreviewBody, lang: string, signal?: AbortSignal): Promise<Blob> {
  const where = ROUTE_ADDRESSES.watermarkPreview;
  const res = await fetch(where.path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'image/jpeg, application/json', 'Accept-Language': lang },
    body: JSON.stringify(body),
    signal,
  });
  if (res.ok && res.headers.get('content-type')?.startsWith('image/')) return res.blob();
  let msg = `HTTP ${res.status}`;
  try {
    const envelope = (await res.json()) as { msg?: unknown };
    if (typeof envelope.msg === 'string' && envelope.msg) msg = envelope.msg;
  } catch {
    // Not JSON either: the status says it.
  }
  throw new ApiError(msg, res.status, where);
}

/** The preview for `body` (null: none yet), kept while the next one loads so the picture never blanks. */
export function useWatermarkPreview(body: WatermarkPreviewBody | null, lang: string) {
  return useQuery({
    queryKey: [...queryKeys.watermarks.all, 'preview', body, lang] as const,
    queryFn: ({ signal }) => fetchWatermarkPreview(body!, lang, signal),
    enabled: body !== null,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}

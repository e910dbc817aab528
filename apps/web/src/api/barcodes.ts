import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, QueryOf, routes } from '@app/contract';
import { call, upload } from './client';
import { queryKeys } from './queryKeys';

/** The caller's barcode makers with their counts (GET /api/barcode_makers/getMakerlist). */
export function useBarcodeMakers() {
  return useQuery({
    queryKey: queryKeys.barcodes.list({ makers: true }),
    queryFn: ({ signal }) => call('barcodeMakerList', { query: {}, signal }),
    select: (d) => d.list,
  });
}

/** One page of codes (GET /api/barcode_makers/getBarcodelist). */
export function useBarcodes(query: QueryOf<typeof routes.barcodeList>) {
  return useQuery({
    queryKey: queryKeys.barcodes.list(query),
    queryFn: ({ signal }) => call('barcodeList', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change to makers or codes: the makers (their counts) and every page of codes are fetched again. */
function useBarcodeMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.barcodes.all }) });
}

export const useSetMakerStatus = () =>
  useBarcodeMutation((body: BodyOf<typeof routes.barcodeMakerStatus>) => call('barcodeMakerStatus', { body }));
/** Deletes a maker and its codes never handed out (POST /api/barcode_makers/del); refused while a shop uses it or a code was handed out. */
export const useDeleteMaker = () => useBarcodeMutation((body: BodyOf<typeof routes.barcodeMakerDel>) => call('barcodeMakerDel', { body }));
export const useCreateBarcodes = () => useBarcodeMutation((body: BodyOf<typeof routes.barcodeCreate>) => call('barcodeCreate', { body }));
export const useSetBarcodeStatus = () => useBarcodeMutation((body: BodyOf<typeof routes.barcodeStatus>) => call('barcodeStatus', { body }));

/** Imports codes: pasted (JSON) or a file (multipart `file`), into a new pool (`name`) or an existing one (`maker_id`). */
export const useImportBarcodes = () =>
  useBarcodeMutation((input: { maker_id?: number; name?: string; codes?: string; file?: File }) => {
    const target = { ...(input.maker_id ? { maker_id: input.maker_id } : { name: input.name ?? '' }) };
    if (!input.file) return call('barcodeImport', { body: { ...target, codes: input.codes ?? '' } });
    const form = new FormData();
    for (const [k, v] of Object.entries(target)) form.append(k, String(v));
    form.append('file', input.file);
    return upload('barcodeImportFile', form);
  });

/** Chooses the maker a shop's exports and publishes take codes from (POST /api/store/setBarcodeMaker): the shops are fetched again. */
export function useSetShopBarcodeMaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof routes.storeSetBarcodeMaker>) => call('storeSetBarcodeMaker', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}

/** The address of a code's barcode image (the page's own origin: the session cookie goes along). */
export const barcodeImageUrl = (code: string, format: 'png' | 'svg', download = false) =>
  `/api/barcode_makers/image?code=${encodeURIComponent(code)}&format=${format}${download ? '&download=1' : ''}`;

import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaterialItem, QueryOf, routes } from '@app/contract';
import { call, upload } from './client';
import { queryKeys } from './queryKeys';

/** An account's material folders (GET /api/my_source/getFolderList); `userId` 0 is the caller's own library. */
export function useMaterialFolders(userId: number) {
  return useQuery({
    queryKey: queryKeys.materials.folders(userId),
    queryFn: ({ signal }) => call('materialFolderList', { query: { userId }, signal }),
  });
}

/** An account's material keywords with their counts (GET /api/my_source/getKeywordList). */
export function useMaterialKeywords(userId: number) {
  return useQuery({
    queryKey: queryKeys.materials.keywords(userId),
    queryFn: ({ signal }) => call('materialKeywordList', { query: { userId }, signal }),
  });
}

/** A page of materials (GET /api/my_source/getlist). */
export function useMaterials(query: QueryOf<typeof routes.materialList>) {
  return useQuery({
    queryKey: queryKeys.materials.list(query),
    queryFn: ({ signal }) => call('materialList', { query, signal }),
  });
}

export type MaterialUploadRoute = 'materialUpload' | 'materialUploadCrop';

/**
 * Stores a material from a multipart upload (a local image, a crop) and answers it; the material lists are
 * fetched again, since the upload is a material of the seller now.
 */
export function useUploadMaterial(): (route: MaterialUploadRoute, form: FormData) => Promise<MaterialItem> {
  const queryClient = useQueryClient();
  return useCallback(
    async (route, form) => {
      const material = await upload(route, form);
      void queryClient.invalidateQueries({ queryKey: queryKeys.materials.lists() });
      return material;
    },
    [queryClient],
  );
}

import { useMutation } from '@tanstack/react-query';
import type { BodyOf, routes } from '@app/contract';
import { call, upload } from './client';

/** Reads an Excel batch-design sheet (POST /api/finished/batchDesign/parse, multipart `file`). */
export const parseBatchSheet = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return upload('batchDesignParse', form);
};

/** Starts the batch: one finished product per row, each with the job that composes it (POST /api/finished/batchDesign). */
export function useStartBatchDesign() {
  return useMutation({ mutationFn: (body: BodyOf<typeof routes.batchDesign>) => call('batchDesign', { body }) });
}

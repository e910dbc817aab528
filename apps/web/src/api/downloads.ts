import { useMutation } from '@tanstack/react-query';
import type { BodyOf, routes } from '@app/contract';
import { call } from './client';

/** Hands a same-origin download address to the browser: the file is saved and the page stays where it is. */
function saveFrom(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * A bulk picture or material download (docs/api.md#downloads): the server checks it and answers a short-lived
 * address signed for this account (POST /api/finished/downloadLink), which the browser then fetches.
 * No session token is ever put in an address (docs/security.md#tokens); a refusal toasts like any call.
 */
export function useDownload() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof routes.downloadLink>) => saveFrom((await call('downloadLink', { body })).url),
  });
}

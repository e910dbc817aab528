import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { tokenOf } from '../http/auth.js';
import type { Scope } from '../db/scope.js';

/**
 * Who may read a stored file by URL (/files, /thumbs; docs/security.md#blob-privacy). Private by
 * default: only the catalogue's blanks are public; a key with an owner segment is readable within that
 * owner's scope; composed outputs (no owner in the key, names derived with the server key) need a
 * session; anything else — originals, the thumbnail cache, a prefix added later — is never served.
 */
export type BlobRule = 'public' | 'session' | { owner: number } | 'never';

/** Keys are classified by their first segment; a new prefix stays unreachable until it is named here. */
export function blobRule(key: string): BlobRule {
  const normal = path.posix.normalize(key);
  const parts = normal.split('/');
  if (normal !== key || parts.some((p) => p === '' || p === '.' || p === '..')) return 'never';
  switch (parts[0]) {
    case 'catalogue':
      return 'public';
    case 'composed':
    case 'mockups':
    case 'thumbs':
      return 'session';
    case 'materials': {
      const owner = /^[1-9][0-9]{0,15}$/.test(parts[1] ?? '') && parts.length > 2 ? Number(parts[1]) : NaN;
      return Number.isSafeInteger(owner) ? { owner } : 'never';
    }
    // originals/<owner>/…: only through the material download (an attachment); resized/: /thumbs only.
    default:
      return 'never';
  }
}

/** Whether a caller (undefined: no valid session) may read `key` by URL or name it in a design. */
export function mayRead(rule: BlobRule, scope: Scope | undefined): boolean {
  if (rule === 'public') return true;
  if (rule === 'never' || !scope) return false;
  return rule === 'session' || scope.accountIds.includes(rule.owner);
}

export const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** The owner's browser may keep a private file for ever (keys are never rewritten); no shared cache may. */
export const PRIVATE_CACHE = 'private, max-age=31536000, immutable';

export interface SessionLike {
  resolve(token: string): Promise<{ scope: Scope } | 'expired' | 'disabled' | undefined>;
}

/** How long a session's scope is reused for file requests without asking the database again. */
export const FILE_SCOPE_TTL_MS = 10_000;

/**
 * The scope of a file request's session. A list page asks for up to 200 thumbnails at once; each would
 * otherwise cost the session lookup's two queries, so the answer is kept for a few seconds per token
 * (a logout or a disabled account reaches file requests within FILE_SCOPE_TTL_MS; API calls at once).
 */
export function createFileScopes(resolver: SessionLike) {
  const cache = new LRUCache<string, { scope: Scope | null }>({
    max: 5000,
    ttl: FILE_SCOPE_TTL_MS,
    fetchMethod: async (token) => {
      const caller = await resolver.resolve(token);
      return { scope: typeof caller === 'object' ? caller.scope : null };
    },
  });
  return async function scopeOf(req: FastifyRequest): Promise<Scope | undefined> {
    const token = tokenOf(req);
    if (!token) return undefined;
    return (await cache.fetch(token))?.scope ?? undefined;
  };
}
export type FileScopes = ReturnType<typeof createFileScopes>;

import { TIER_LABELS, type Lang, type MaterialItem } from '@app/contract';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { MaterialRow } from './repo.js';

/** A library row as the calls answer it (docs/editor.md#materials): its files as URLs, its tier in the caller's language. */
export function materialItem(storage: Pick<BlobStorage, 'url'>, row: MaterialRow, keywords: string[], lang: Lang): MaterialItem {
  const level = row.level as MaterialItem['level'];
  return {
    id: row.id,
    thumb: storage.url(row.thumb_key),
    thumb1200: storage.url(row.thumb1200_key),
    img_url: storage.url(row.image_key),
    name: row.name,
    width: row.width,
    height: row.height,
    format: row.format as MaterialItem['format'],
    bytes: row.bytes,
    level,
    level_label: level === 0 ? null : TIER_LABELS[level][lang],
    keywords,
    fid: row.fid,
    owner: row.owner_id,
    createtime: Math.floor(row.created_at / 1000),
  };
}

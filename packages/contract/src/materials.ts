import { z } from 'zod';
import { isPlainName, NAME_CHARS_MESSAGE, plainName } from './sellerText.js';
import { num } from './numbers.js';
import { defineRoute } from './route.js';
import { noData, pagingQuery } from './envelope.js';
import { MATERIAL_DEFAULT_PAGE_SIZE, MATERIAL_PAGE_SIZES, SELF_ACCOUNT_ID } from './constants.js';
import type { ValidationMessageKey } from './validationMessages.js';

/** Largest image accepted, in pixels (width × height), checked from the file's header before decoding. */
export const MATERIAL_MAX_PIXELS = 100_000_000;
/** Longest side accepted, so a 1 × 100 000 000 strip cannot pass the pixel limit. */
export const MATERIAL_MAX_SIDE = 20_000;
/** Widths of the two thumbnails made at upload (the grid's, and the editor's 1200, docs/limits.md#editor). */
export const MATERIAL_THUMB_WIDTH = 300;
export const MATERIAL_NAME_MAX = 100;
export const MATERIAL_KEYWORD_MAX = 32;
export const MATERIAL_KEYWORDS_PER_ITEM = 20;
export const MATERIAL_FOLDER_TITLE_MAX = 50;
/** Folders nest at most this deep (a folder at the root is level 1): the editor's cascader shows one column a level. */
export const MATERIAL_FOLDER_MAX_DEPTH = 5;
/** At most this many materials deleted by one call. */
export const MATERIAL_DELETE_MAX = 200;

const rowId = num(z.number().int().positive());
/** The account selector of the material browser (docs/editor.md#materials): 0 or absent = the caller (本人). */
const userId = num(z.number().int().min(0)).default(SELF_ACCOUNT_ID);
/** A folder id; 0 = the root. */
const folderId = num(z.number().int().min(0));

/** Catalogue keys, said in the seller's language: a keyword's comma (keywords travel comma-joined), an edit that names nothing to change. */
const NO_COMMA: ValidationMessageKey = 'fieldNoComma';
const GIVE_ONE_OF: ValidationMessageKey = 'giveOneOf';

export const materialName = plainName(z.string().trim().min(1).max(MATERIAL_NAME_MAX));
export const materialKeyword = z
  .string()
  .trim()
  .min(1)
  .max(MATERIAL_KEYWORD_MAX)
  .regex(/^[^,，]+$/, NO_COMMA)
  .refine(isPlainName, NAME_CHARS_MESSAGE);
export const folderTitle = plainName(z.string().trim().min(1).max(MATERIAL_FOLDER_TITLE_MAX));

/** Tier level of an item (1 Starter, 2 Professional, 3 Premium; docs/editor.md#materials); 0 = none. */
export const materialLevel = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** One material: the material list result (id, thumb, thumb1200, img_url; docs/editor.md#materials) and what the browser shows. */
export const materialItem = z.object({
  id: z.number().int(),
  /** Thumbnail 300 px wide (never enlarged). */
  thumb: z.string(),
  /** Editor thumbnail 1200 px wide (docs/limits.md#editor; never enlarged). */
  thumb1200: z.string(),
  /** The re-encoded original. */
  img_url: z.string(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(['png', 'jpeg']),
  bytes: z.number().int(),
  level: materialLevel,
  /** The tier label in the caller's language, null for level 0. */
  level_label: z.string().nullable(),
  keywords: z.array(z.string()),
  fid: z.number().int(),
  /** The owning account's id. */
  owner: z.number().int(),
  /** Unix seconds. */
  createtime: z.number().int(),
});
export type MaterialItem = z.infer<typeof materialItem>;

export interface MaterialFolderNode {
  id: number;
  pid: number;
  title: string;
  children: MaterialFolderNode[];
}
/**
 * A node of the folder tree (id, title, children; docs/editor.md#materials), spelled out level by level down to
 * MATERIAL_FOLDER_MAX_DEPTH: a self-referencing schema would leave a dangling $ref in the OpenAPI document.
 */
const folderNodeAt = (levels: number): z.ZodType<MaterialFolderNode> =>
  z.object({
    id: z.number().int(),
    pid: z.number().int(),
    title: z.string(),
    children: levels > 1 ? z.array(folderNodeAt(levels - 1)) : z.array(z.never()).max(0),
  });
export const materialFolderNode = folderNodeAt(MATERIAL_FOLDER_MAX_DEPTH);
export const materialFolder = z.object({ id: z.number().int(), pid: z.number().int(), title: z.string() });

/** The material query: userId, fid, pageNumber, pageSize (20/50/100/200, default 20), name, keywords (docs/editor.md#materials). */
export const materialListQuery = pagingQuery(MATERIAL_PAGE_SIZES, MATERIAL_DEFAULT_PAGE_SIZE).extend({
  userId,
  /** 0 or absent = the whole library; a folder = that folder and its subfolders. */
  fid: folderId.default(0),
  /** Contains-search on the name, case-insensitive. */
  name: z.string().trim().max(MATERIAL_NAME_MAX).optional(),
  /** Comma-joined; a material must carry every keyword given (AND: each ticked keyword narrows the grid). */
  keywords: z.string().max(2000).optional(),
});
export type MaterialListQuery = z.output<typeof materialListQuery>;

const userQuery = z.object({ userId });

/** Keywords as the query and the upload fields carry them: comma-joined (a Chinese comma counts too), trimmed, once each. */
export const splitKeywords = (joined: string): string[] => [
  ...new Set(
    joined
      .split(/[,，]/)
      .map((k) => k.trim())
      .filter(Boolean),
  ),
];

/** The non-file fields of a multipart upload (read by the handler, so they are not in OpenAPI; see the summaries). */
export const materialUploadFields = z.object({
  fid: folderId.optional(),
  userId,
  name: materialName.optional(),
  keywords: z.string().max(2000).transform(splitKeywords).pipe(z.array(materialKeyword).max(MATERIAL_KEYWORDS_PER_ITEM)).optional(),
});
export const materialCropFields = materialUploadFields.extend({ source_id: rowId.optional() });
export type MaterialUploadFields = z.output<typeof materialCropFields>;

export const materialRoutes = {
  materialList: defineRoute({
    method: 'GET',
    path: '/api/my_source/getlist',
    summary:
      'Material search: one account’s library (userId 0 = the caller, else a sub-account the caller manages), ' +
      'fid 0 = all folders, else the folder and its subfolders; name contains; keywords comma-joined, all must match; newest first',
    tag: 'materials',
    auth: true,
    query: materialListQuery,
    data: z.object({ source_list: z.array(materialItem), num_total: z.number().int() }),
  }),
  materialInfo: defineRoute({
    method: 'GET',
    path: '/api/my_source/getInfo',
    summary: 'One material of the caller’s scope',
    tag: 'materials',
    auth: true,
    query: z.object({ id: rowId }),
    data: materialItem,
  }),
  materialUpload: defineRoute({
    method: 'POST',
    path: '/api/my_source/upLoad',
    summary:
      'Upload a material, multipart/form-data: file (jpeg or png by content, at most 20 MB and 100 megapixels), ' +
      'fid (folder, 0 = root), optional userId (a sub-account whose library receives it; 0 = the caller), ' +
      'optional name (default: the file name), optional keywords (comma-joined). The image is re-encoded and thumbnailed.',
    tag: 'materials',
    auth: true,
    data: materialItem,
  }),
  materialUploadCrop: defineRoute({
    method: 'POST',
    path: '/api/my_source/uploadCrop',
    summary:
      'Upload a cropped image as a new material (the crop dialog), multipart/form-data: file (same checks as upLoad; ' +
      'over 20 MB: crop quality too high), optional source_id (the material it was cut from: the new one joins its owner, ' +
      'folder and keywords), optional fid, userId, name, keywords as for upLoad.',
    tag: 'materials',
    auth: true,
    data: materialItem,
  }),
  materialEdit: defineRoute({
    method: 'POST',
    path: '/api/my_source/edit',
    summary: 'Rename a material, replace its keywords and/or move it to a folder of its owner (fid 0 = root)',
    tag: 'materials',
    auth: true,
    body: z
      .strictObject({
        id: rowId,
        name: materialName.optional(),
        keywords: z.array(materialKeyword).max(MATERIAL_KEYWORDS_PER_ITEM).optional(),
        fid: folderId.optional(),
      })
      .refine((b) => b.name !== undefined || b.keywords !== undefined || b.fid !== undefined, {
        message: GIVE_ONE_OF,
        params: { fields: 'name, keywords, fid' },
      }),
    data: materialItem,
  }),
  materialDelete: defineRoute({
    method: 'POST',
    path: '/api/my_source/del',
    summary:
      'Delete materials from the library (all of them or none when one is outside the scope). ' +
      'Their image files stay, since saved designs refer to their URLs.',
    tag: 'materials',
    auth: true,
    body: z.strictObject({ ids: z.array(rowId).min(1).max(MATERIAL_DELETE_MAX) }),
    data: z.object({ deleted: z.number().int() }),
  }),
  materialFolderList: defineRoute({
    method: 'GET',
    path: '/api/my_source/getFolderList',
    summary: 'Folder tree of one account’s library (id, title, children); the root (0) is implicit',
    tag: 'materials',
    auth: true,
    query: userQuery,
    data: z.object({ list: z.array(materialFolderNode) }),
  }),
  materialFolderAdd: defineRoute({
    method: 'POST',
    path: '/api/my_source/addFolder',
    summary: 'Create a folder under pid (0 = root) in the caller’s library, or a managed sub-account’s with userId',
    tag: 'materials',
    auth: true,
    body: z.strictObject({ userId, pid: folderId.default(0), title: folderTitle }),
    data: materialFolder,
  }),
  materialFolderRename: defineRoute({
    method: 'POST',
    path: '/api/my_source/renameFolder',
    summary: 'Rename a folder',
    tag: 'materials',
    auth: true,
    body: z.strictObject({ id: rowId, title: folderTitle }),
    data: materialFolder,
  }),
  materialFolderMove: defineRoute({
    method: 'POST',
    path: '/api/my_source/moveFolder',
    summary: 'Move a folder under another folder of the same library (pid 0 = root); never under itself or its own subfolders',
    tag: 'materials',
    auth: true,
    body: z.strictObject({ id: rowId, pid: folderId }),
    data: materialFolder,
  }),
  materialFolderDelete: defineRoute({
    method: 'POST',
    path: '/api/my_source/delFolder',
    summary: 'Delete a folder; its materials and subfolders move up to its parent folder, nothing else is deleted',
    tag: 'materials',
    auth: true,
    body: z.strictObject({ id: rowId }),
    data: noData,
  }),
  materialKeywordList: defineRoute({
    method: 'GET',
    path: '/api/my_source/getKeywordList',
    summary: 'Keywords used in one account’s library, with how many materials carry each',
    tag: 'materials',
    auth: true,
    query: userQuery,
    data: z.object({ list: z.array(z.object({ keyword: z.string(), count: z.number().int() })) }),
  }),
} as const;

import { z } from 'zod';
import { plainName } from './sellerText.js';
import { num } from './numbers.js';
import { defineRoute } from './route.js';

/** Custom groups of finished products (docs/domain.md#groups, docs/api.md#groups). */

/** A group id; the special -1 and 0 pass validation so the server can say why they cannot be edited. */
const id = num(z.number().int().min(-1));
const name = plainName(z.string().trim().min(1, 'name: 1–50 characters').max(50, 'name: 1–50 characters'));

const groupLevel = <T extends z.ZodType>(child: T) =>
  z.object({
    id: z.number().int(),
    pid: z.number().int(),
    name: z.string(),
    is_locked: z.number().int(),
    /** 1 when the group or a group above it is locked: what is filed in it cannot be deleted. */
    locked: z.number().int(),
    childlist: z.array(child),
  });
/** A group with its children, spelled out to GROUP_MAX_DEPTH levels (no recursive OpenAPI component). */
export const groupNode = groupLevel(groupLevel(groupLevel(groupLevel(z.never()))));
export type GroupNode = z.infer<typeof groupNode>;

export const groupRoutes = {
  groupList: defineRoute({
    method: 'GET',
    path: '/api/finished_group/getGrouplist',
    summary: "The caller's custom groups as a tree (a parent may ask for a sub-account's with userid)",
    tag: 'groups',
    auth: true,
    query: z.object({ userid: num(z.number().int().min(0)).optional() }),
    data: z.object({ list: z.array(groupNode) }),
  }),
  groupAdd: defineRoute({
    method: 'POST',
    path: '/api/finished_group/add',
    summary: 'Create a group under pid (0: top level); {id, name} renames instead (the older form of the call)',
    tag: 'groups',
    auth: true,
    body: z.union([z.strictObject({ pid: num(z.number().int().min(0)), name }), z.strictObject({ id, name })]),
    data: z.object({ id: z.number().int(), pid: z.number().int() }),
  }),
  groupUpdate: defineRoute({
    method: 'POST',
    path: '/api/finished_group/update',
    summary: 'Rename a group',
    tag: 'groups',
    auth: true,
    body: z.strictObject({ id, name }),
    data: z.object({ id: z.number().int(), name: z.string() }),
  }),
  groupLock: defineRoute({
    method: 'POST',
    path: '/api/finished_group/locked',
    summary: 'Lock a group: the finished products filed in it (and below it) cannot be deleted',
    tag: 'groups',
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ id: z.number().int(), is_locked: z.number().int() }),
  }),
  groupUnlock: defineRoute({
    method: 'POST',
    path: '/api/finished_group/unlocked',
    summary: 'Unlock a group',
    tag: 'groups',
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ id: z.number().int(), is_locked: z.number().int() }),
  }),
  groupDel: defineRoute({
    method: 'POST',
    path: '/api/finished_group/del',
    summary: 'Delete a group and the groups below it; their finished products go to 未分组. Refused when one is locked',
    tag: 'groups',
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ deleted: z.number().int(), ungrouped: z.number().int() }),
  }),
} as const;

import { z } from 'zod';
import { defineRoute } from './route.js';
import { BATCH_DESIGN_MAX_ROWS } from './constants.js';

/** The Excel batch design (docs/domain.md#excel-batch-design, docs/limits.md#excel-batch-design). */

export const batchRow = z.object({
  /** 号码: kept as the sheet shows it ("01" stays "01"). */
  number: z.string().trim().max(30),
  /** 姓名. */
  name: z.string().trim().max(60),
  /** The listing title (the sheet's 标题 / Title column); absent or '': made from the blank's English name (docs/domain.md#excel-batch-design). */
  title: z.string().trim().max(200).optional(),
});
export type BatchRow = z.infer<typeof batchRow>;

export const batchDesignRoutes = {
  batchDesignParse: defineRoute({
    method: 'POST',
    path: '/api/finished/batchDesign/parse',
    summary:
      'Read an Excel batch design sheet (multipart/form-data: file, .xls or .xlsx, at most 5 MB): the first sheet’s 号码 and 姓名 columns, at most 20 rows',
    tag: 'finished',
    auth: true,
    data: z.object({
      rows: z.array(batchRow),
      /** Rows with data in the sheet; more than 20 were cut (docs/domain.md#excel-batch-design). */
      total: z.number().int(),
      truncated: z.boolean(),
    }),
  }),
  batchDesign: defineRoute({
    method: 'POST',
    path: '/api/finished/batchDesign',
    summary:
      "Start the Excel batch design: one finished product per row from the template finished product's design, NO. and 姓名 replaced; each row's synthesis can be followed by its task_id",
    tag: 'finished',
    auth: true,
    body: z.strictObject({
      /** The template: a finished product (or one of its variants) whose design holds the placeholders. */
      key_id: z.string().min(1).max(64),
      rows: z.array(batchRow).min(1).max(BATCH_DESIGN_MAX_ROWS),
    }),
    data: z.object({
      list: z.array(batchRow.extend({ id: z.number().int(), key_id: z.string(), task_id: z.string(), job_id: z.string() })),
    }),
  }),
} as const;

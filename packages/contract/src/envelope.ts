import { z } from 'zod';
import { OK } from './constants.js';
import { num, oneOfNumbers } from './numbers.js';

/** The success envelope around a call's data. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(OK), msg: z.string(), data });

/** The failure envelope. `request_id` matches the server log line of the failure. */
export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
  request_id: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** No data: calls whose response the client does not read answer `data: null` (docs/api.md#the-envelope). */
export const noData = z.null();

/** A list call's data: the rows, all of them (`{list}`; docs/api.md#the-envelope). */
export const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row) });
/** A paged list call's data: one page of rows and the count of all the filtered rows (docs/api.md#paging). */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ count: z.number().int(), list: z.array(row) });

/** Page number and size as a list call takes them (page numbers start at 1; docs/api.md#paging). */
export const pagingQuery = (sizes: readonly number[], defaultSize: number) =>
  z.object({
    pageNumber: num(z.number().int().min(1)).default(1),
    pageSize: num(oneOfNumbers(sizes)).default(defaultSize),
  });

import type { FinishedRow } from '@app/contract';
import { JsonBytes, PreparedBody } from '../../http/route.js';
import { membersByRow } from './members.js';
import type { FinishedRepo } from './repo.js';

/** A list page as the list's reads answer it: rows, rows still as JSON bytes, or the whole response body. */
type ListPage = { count: number; list: FinishedRow[] } | PreparedBody;

const decoder = new TextDecoder();

/** The page's rows as objects, whichever way the list's reads answered (the bytes' memory is given back). */
function rowsOf(page: ListPage): { count: number; list: FinishedRow[] } {
  if (page instanceof PreparedBody) {
    try {
      return (JSON.parse(decoder.decode(page.bytes)) as { data: { count: number; list: FinishedRow[] } }).data;
    } finally {
      page.release();
    }
  }
  const list: unknown = page.list;
  return { count: page.count, list: list instanceof JsonBytes ? (JSON.parse(decoder.decode(list.bytes)) as FinishedRow[]) : page.list };
}

/** Each value once, in the order first met. */
const once = <T>(values: T[]) => [...new Set(values)];

/**
 * The finished list as the phone asks for it (view=mobile, docs/mobile.md#finished-products-on-the-phone): each row
 * also carries its blank's picture, its colours with their codes and its sizes. A phone page is small (20 rows), so
 * the page is read as the desktop's and the fields are added from two queries by the page's ids.
 */
export function createMobileView(deps: {
  repo: Pick<FinishedRepo, 'childLinksOf' | 'coloursAndSizes' | 'blankPictures'>;
  /** A stored picture's address. */
  url: (key: string) => string;
}) {
  return async function withMobileFields(page: ListPage): Promise<{ count: number; list: FinishedRow[] }> {
    const { count, list } = rowsOf(page);
    if (list.length === 0) return { count, list };
    // A combination's colours and sizes are its childs'.
    const members = await membersByRow(
      deps.repo,
      list.map((r) => r.id),
    );
    const [variants, pictures] = await Promise.all([
      deps.repo.coloursAndSizes([...members.values()].flat()),
      deps.repo.blankPictures(once(list.map((r) => r.product_id))),
    ]);
    const pictureOf = new Map(pictures.map((p) => [p.id, p.thumb]));
    return {
      count,
      list: list.map((row) => {
        const mine = new Set(members.get(row.id));
        const own = variants.filter((v) => mine.has(v.finished_id));
        const colours = new Map<string, string>();
        for (const v of own) if (!colours.has(v.color)) colours.set(v.color, v.color_code);
        const picture = pictureOf.get(row.product_id);
        return {
          ...row,
          blank_design_url: picture ? deps.url(picture) : '',
          colors: [...colours.keys()],
          colorCodes: [...colours.values()],
          sizes: once(own.map((v) => v.size)),
        };
      }),
    };
  };
}

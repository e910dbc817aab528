/**
 * bench:load's second phase: the work one account of the demo family keeps running on the server while the
 * clients read the list: one export, one publish and one 20-job composition batch in flight at all times
 * (each started again when it ends) until `stop()`. Everything goes over HTTP as the web app sends it;
 * the bench's own connection to the database only looks up ids to name.
 */
import type { Kysely } from 'kysely';
import { frontDesign } from '@app/design/fixtures';
import type { Database } from '../apps/server/src/db/schema.js';

/** Per round: compositions in a batch, products exported (the ids travel in the GET's address) and published. */
const FULL = { compositions: 20, exportProducts: 500, publishProducts: 10 };
/** The smoke form (--quick): the same work, small, so that stopping it does not outlast the phase. */
const QUICK = { compositions: 4, exportProducts: 100, publishProducts: 2 };

export interface WorkFigures {
  exports: { done: number; failed: number; products: number };
  publishes: { done: number; failed: number; products: number; refused: number };
  compositions: { batches: number; done: number; failed: number };
  errors: string[];
}

type Envelope = { code: number; msg: string; data: Record<string, unknown> };

export async function startBusyWork(opts: { address: string; cookie: string; db: Kysely<Database>; username: string; quick: boolean }) {
  const { address, cookie, db } = opts;
  const { compositions: COMPOSITIONS, exportProducts: EXPORT_PRODUCTS, publishProducts: PUBLISH_PRODUCTS } = opts.quick ? QUICK : FULL;
  const call = async (method: 'GET' | 'POST', path: string, body?: object): Promise<Envelope> => {
    const res = await fetch(`${address}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as Envelope;
  };
  const owner = Number((await db.selectFrom('account').select('id').where('username', '=', opts.username).executeTakeFirstOrThrow()).id);
  const ids = (
    await db
      .selectFrom('finished')
      .select('id')
      .where('owner_id', '=', owner)
      .where('combined_into', 'is', null)
      .orderBy('id', 'desc')
      .limit(20_000)
      .execute()
  ).map((r) => Number(r.id));
  const exportTemplate = await db
    .selectFrom('product_template')
    .select(['id', 'store_id', 'format'])
    .where('owner_id', '=', owner)
    .where('kind', '=', 'simple')
    .where('format', '=', 6)
    .executeTakeFirstOrThrow();
  const publishTemplate = await db.selectFrom('aliexpress_template').select('id').where('owner_id', '=', owner).executeTakeFirst();
  const material = await db.selectFrom('material').select(['id', 'image_key']).where('owner_id', '=', owner).executeTakeFirstOrThrow();
  const blank = await db
    .selectFrom('product_sku')
    .innerJoin('product', 'product.id', 'product_sku.product_id')
    .select(['product.id as product_id', 'product_sku.id as sku_id'])
    .where('product.code', '=', 'tshirt')
    .executeTakeFirstOrThrow();

  const figures: WorkFigures = {
    exports: { done: 0, failed: 0, products: EXPORT_PRODUCTS },
    publishes: { done: 0, failed: 0, products: PUBLISH_PRODUCTS, refused: 0 },
    compositions: { batches: 0, done: 0, failed: 0 },
    errors: [],
  };
  let stopped = false;
  /** Waits for jobs to end; answers how many ended done. */
  const settled = async (jobIds: string[]) => {
    let done = 0;
    for (const id of jobIds) {
      for (;;) {
        const job = (await call('GET', `/api/synthesis/getStatus?id=${encodeURIComponent(id)}`)).data?.list as
          { status: string }[] | undefined;
        const status = job?.[0]?.status;
        if (status === 'done' || status === 'failed' || status === undefined) {
          if (status === 'done') done++;
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    return done;
  };
  const loop = async (what: string, once: (round: number) => Promise<void>) => {
    for (let round = 0; !stopped; round++) {
      try {
        await once(round);
      } catch (err) {
        figures.errors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };
  // Each round names products no earlier round did, so none is answered by an export or listing already made.
  const slice = (from: number, n: number) => Array.from({ length: n }, (_, i) => ids[(from + i) % ids.length]!);

  const exporting = loop('export', async (round) => {
    const q = new URLSearchParams({
      ids: slice(round * EXPORT_PRODUCTS, EXPORT_PRODUCTS).join(','),
      store_id: String(exportTemplate.store_id),
      template_id: String(exportTemplate.id),
      format: '6',
    });
    const answer = await call('GET', `/api/finished/exports?${q}`);
    if (answer.code !== 1) throw new Error(answer.msg);
    if ((await settled([String(answer.data.job_id)])) === 1) figures.exports.done++;
    else figures.exports.failed++;
  });
  const publishing = publishTemplate
    ? loop('publish', async (round) => {
        const answer = await call('POST', '/api/aliexpress/publish', {
          design_product_ids: slice(ids.length - (round + 1) * PUBLISH_PRODUCTS, PUBLISH_PRODUCTS),
          aliexpress_template_id: Number(publishTemplate.id),
        });
        if (answer.code !== 1) throw new Error(answer.msg);
        figures.publishes.refused += (answer.data.refused as unknown[]).length;
        const jobs = (answer.data.job_ids as (string | number)[]).map(String);
        const done = await settled(jobs);
        figures.publishes.done += done;
        figures.publishes.failed += jobs.length - done;
        if (jobs.length === 0) await new Promise((r) => setTimeout(r, 1000));
      })
    : (figures.errors.push('publish: the demo account has no marketplace A template (sandboxes not in process?)'), Promise.resolve());
  const composing = loop('composition', async (round) => {
    const jobs: string[] = [];
    for (let i = 0; i < COMPOSITIONS; i++) {
      const answer = await call('POST', '/api/synthesis/create', {
        product_id: Number(blank.product_id),
        attr_id: Number(blank.sku_id),
        extends: frontDesign(`/files/${material.image_key}`, `LOAD ${round}-${i}`, Number(material.id)),
        source_ids: String(material.id),
        is_online: 0,
      });
      if (answer.code !== 1) throw new Error(answer.msg);
      jobs.push(String(answer.data.job_id));
    }
    const done = await settled(jobs);
    figures.compositions.batches++;
    figures.compositions.done += done;
    figures.compositions.failed += jobs.length - done;
  });
  return {
    /** Stops starting work and waits for what is in flight to end. */
    async stop(): Promise<WorkFigures> {
      stopped = true;
      await Promise.all([exporting, publishing, composing]);
      return figures;
    },
  };
}

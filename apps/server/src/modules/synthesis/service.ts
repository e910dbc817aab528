import type { ParsedBodyOf, routes } from '@app/contract';
import { parseDesign, serializeDesign, type DesignDocument } from '@app/design';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { Composer } from '../../compose/composer.js';
import { createFamilyGate, familyOf } from '../../jobs/admission.js';
import { JobFailure, type GiveUpHandler, type JobHandler, type JobKind, type JobQueue } from '../../jobs/queue.js';
import type { AccountRepo } from '../accounts/index.js';
import type { CatalogueProduct, CatalogueService } from '../catalogue/index.js';
import { composeSpecOf, type DesignService } from '../design/index.js';
import { newTaskId, type FinishedRepo, type SynthesisImages } from '../finished/index.js';
import type { MaterialRepo } from '../materials/index.js';

export const SYNTHESIS_JOB = 'synthesis';

interface SynthesisPayload {
  finishedId: number;
  /** The synthesis number the job composes for; older payloads have none. */
  taskId?: string;
  /** Only this size's variants (save mode 1); every size when absent. */
  size?: string;
}
const jobPayload = (finishedId: number, taskId: string, size?: string): SynthesisPayload => ({
  finishedId,
  taskId,
  ...(size === undefined ? {} : { size }),
});

interface Deps {
  /** A design's materials are named from the library (the materials module owns it)… */
  materials: Pick<MaterialRepo, 'namesOf'>;
  /** …of the caller's family: its top account and the sub-accounts under it. */
  accounts: Pick<AccountRepo, 'childIds'>;
  catalogue: Pick<CatalogueService, 'product'>;
  /** The checks every design goes through before it is saved. */
  design: Pick<DesignService, 'productFor' | 'designFor'>;
  /** The finished rows synthesis creates, re-designs and fills with images (the finished module owns them). */
  finished: Pick<
    FinishedRepo,
    | 'attrInScope'
    | 'byId'
    | 'childsOf'
    | 'create'
    | 'inScope'
    | 'markFailed'
    | 'pendingWithoutJob'
    | 'remove'
    | 'setDesign'
    | 'setMaterialNames'
    | 'setPending'
    | 'setSizeDesign'
    | 'variantsOf'
    | 'writeImages'
  >;
  queue: Pick<JobQueue, 'admit' | 'enqueue'>;
  composer: Pick<Composer, 'product'>;
  now: () => number;
}

/**
 * Turns designs into finished products (docs/api.md#finished-products, docs/domain.md#save-modes): synthesis creates the finished
 * rows at once and leaves the images to a job; re-saving and regenerating queue a new job the same way.
 */
export function createSynthesisService(deps: Deps) {
  const { catalogue, finished, queue, composer, now } = deps;
  const { productFor, designFor } = deps.design;

  /**
   * The names of the library materials a design uses (layers' sourceid), distinct, in layer order, joined
   * with '、' (README Decisions): what the 素材图名称 filter finds. The family's materials are named (a
   * design re-saved by a sub-account may hold its parent's material); an id from elsewhere tells nothing.
   */
  async function materialNamesOf(caller: Caller, design: DesignDocument): Promise<string> {
    const ids = [
      ...new Set(design.areas.flatMap((a) => a.layers.flatMap((l) => (l.sourceid !== null && l.sourceid > 0 ? [l.sourceid] : [])))),
    ];
    if (ids.length === 0) return '';
    const root = caller.parentId ?? caller.id;
    const names = await deps.materials.namesOf([root, ...(await deps.accounts.childIds(root))], ids);
    return [...new Set(ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])))].join('、');
  }

  /**
   * The names the product's current designs give (its own and each size's): a variant whose name is one of
   * these, or empty, takes the new design's names; any other name the seller typed (batch edit, the edit
   * drawer, docs/finished.md#dialogs) stays. Migration 0010 keeps typed names by the same rule.
   */
  async function derivedNames(caller: Caller, row: { id: number; extends: string }): Promise<string[]> {
    const texts = new Set([row.extends, ...(await finished.variantsOf(row.id, row.extends)).map((v) => v.design)]);
    const names = new Set<string>(['']);
    for (const text of texts) {
      let design: DesignDocument;
      try {
        design = parseDesign(text);
      } catch {
        continue; // a stored design that no longer parses gave no names either
      }
      names.add(await materialNamesOf(caller, design));
    }
    return [...names];
  }

  /**
   * Refuses (429) compositions past what one family may leave waiting (docs/security.md#fair-shares);
   * `count` compositions are about to be queued.
   */
  const admit = (caller: Caller, count = 1) =>
    queue.admit({ familyId: familyOf(caller), kind: SYNTHESIS_JOB, count, refusal: 'synthesisQueueFull' });
  /** A family's single compositions are admitted and queued one at a time (jobs/admission.ts createFamilyGate). */
  const gate = createFamilyGate();

  /**
   * `nameSuffix` follows the blank's name in the product's name and export name: an Excel batch design's
   * row (its 号码 and 姓名), so the products one sheet makes can be told apart. `exportName` gives the listing
   * title from the blank (the batch design's English title). `admitted`: the caller already passed `admit` for
   * this one (a batch is admitted whole).
   */
  async function create(
    caller: Caller,
    body: ParsedBodyOf<typeof routes.synthesisCreate>,
    opts: {
      nameSuffix?: string;
      admitted?: boolean;
      exportName?: (blank: CatalogueProduct, materialNames: string) => string | undefined;
    } = {},
  ): Promise<{ id: number; key_id: string; task_id: string; job_id: string }> {
    if (!opts.admitted)
      return gate(familyOf(caller), async () => {
        await admit(caller);
        return create(caller, body, { ...opts, admitted: true });
      });
    const product = await productFor(caller, body.product_id);
    if (!product.skus.some((s) => s.id === body.attr_id)) throw new AppError(404, 'skuNotFound');
    const design = designFor(caller, product, body.extends);
    const text = serializeDesign(design);
    const materialNames = await materialNamesOf(caller, design);
    const exportName = opts.exportName?.(product, materialNames);
    const row = await finished.create({
      ownerId: caller.id,
      product,
      parentSkuId: body.attr_id,
      extends: text,
      layerdata: text,
      sourceIds: body.source_ids,
      now: now(),
      ...(opts.nameSuffix ? { name: `${product.name} ${opts.nameSuffix}` } : {}),
      ...(exportName ? { exportName } : {}),
    });
    if (materialNames) await finished.setMaterialNames(row.id, materialNames);
    let job_id: string;
    try {
      job_id = await queue.enqueue({
        kind: SYNTHESIS_JOB,
        ownerId: caller.id,
        taskId: row.task_id,
        payload: jobPayload(row.id, row.task_id),
      });
    } catch (err) {
      // No finished product without its job: a row that would stay pending forever is worse than an error.
      await finished.remove(row.id);
      throw err;
    }
    return { id: row.id, key_id: row.key_id, task_id: row.task_id, job_id };
  }

  async function regenerate(
    caller: Caller,
    body: ParsedBodyOf<typeof routes.regenerate>,
  ): Promise<{ id: number; key_id: string; task_id: string; job_id: string }> {
    const row = await finished.inScope(caller.scope, { key_id: body.key_id });
    if (!row) throw new AppError(404, 'regenerateOwnerLogin');
    await admit(caller, Math.max(1, row.child_count));
    if (row.child_count > 0) {
      // A combination has no images of its own: each child is recomposed with its saved design.
      const childs = await finished.childsOf([row.id]);
      let last: { task_id: string; job_id: string } | undefined;
      for (const c of childs) last = await regenerate(caller, { key_id: c.key_id, type: 2, extends: '', source_ids: '', layerdata: '' });
      return { id: row.id, key_id: row.key_id, task_id: last?.task_id ?? row.task_id, job_id: last?.job_id ?? '' };
    }
    // With no layer record the client sends empty layer data; the saved design is recomposed (docs/domain.md#save-modes).
    if (body.extends) {
      const product = await productFor(caller, row.product_id);
      const design = designFor(caller, product, body.extends);
      const text = serializeDesign(design);
      const replaceable = await derivedNames(caller, row);
      await finished.setDesign(row.id, {
        extends: text,
        layerdata: body.layerdata || text,
        sourceIds: body.source_ids,
        now: now(),
      });
      await finished.setMaterialNames(row.id, await materialNamesOf(caller, design), { replaceable });
    }
    const taskId = newTaskId(now());
    await finished.setPending(row.id, taskId, now());
    const job_id = await queue.enqueue({ kind: SYNTHESIS_JOB, ownerId: row.owner_id, taskId, payload: jobPayload(row.id, taskId) });
    return { id: row.id, key_id: row.key_id, task_id: taskId, job_id };
  }

  /** A finished product by its key_id, or by one of its size variants' key_id (with that variant). */
  async function finishedByKey(caller: Caller, keyId: string) {
    const row = await finished.inScope(caller.scope, { key_id: keyId });
    if (row) return { row, attr: undefined };
    const attr = await finished.attrInScope(caller.scope, keyId);
    const owner = attr ? await finished.byId(attr.finished_id) : undefined;
    // Outside the caller's family (or gone): log in to the owning account to redesign (docs/messages.md#errors).
    if (!attr || !owner) throw new AppError(404, 'designOwnerLogin');
    return { row: owner, attr };
  }

  async function designResave(caller: Caller, body: ParsedBodyOf<typeof routes.designResave>) {
    const { row, attr } = await finishedByKey(caller, body.key_id);
    await admit(caller);
    const product = await productFor(caller, row.product_id);
    const design = designFor(caller, product, body.extends);
    const text = serializeDesign(design);
    const materialNames = await materialNamesOf(caller, design);
    const replaceable = await derivedNames(caller, row);
    const taskId = newTaskId(now());
    let size: string | undefined;
    if (body.type === 2) {
      // Every size (docs/domain.md#save-modes, mode 2): the product's design, no size keeps its own.
      await finished.setDesign(row.id, {
        extends: text,
        layerdata: body.layerdata || text,
        sourceIds: body.source_ids,
        now: now(),
      });
      await finished.setSizeDesign(row.id, null, null);
      await finished.setMaterialNames(row.id, materialNames, { replaceable });
    } else {
      // The current size (mode 1): the variant's size, or the parent variant's when the product is named.
      size = attr?.size ?? (await finished.variantsOf(row.id, row.extends)).find((v) => v.as_parent === 1)?.size;
      if (size === undefined) throw new AppError(404, 'designOwnerLogin');
      await finished.setSizeDesign(row.id, size, text);
      // The names follow the design: that size's variants carry its materials' names.
      await finished.setMaterialNames(row.id, materialNames, { size, replaceable });
    }
    await finished.setPending(row.id, taskId, now());
    const job_id = await queue.enqueue({ kind: SYNTHESIS_JOB, ownerId: row.owner_id, taskId, payload: jobPayload(row.id, taskId, size) });
    return { id: row.id, key_id: row.key_id, task_id: taskId, job_id };
  }

  async function designLayerlog(caller: Caller, keyId: string) {
    const { row, attr } = await finishedByKey(caller, keyId);
    // Named by the product, the editor opens its parent variant: after a mode-1 save that size holds its
    // own design, which is the one the seller last saved there.
    const variant = attr ?? (await finished.variantsOf(row.id, row.extends)).find((v) => v.as_parent === 1);
    const sizeDesign = variant?.extends ?? null;
    const layerdata = sizeDesign ?? row.layerdata;
    if (!variant || !layerdata) throw new AppError(404, 'layerRecordMissing');
    return {
      id: row.id,
      key_id: row.key_id,
      product_id: row.product_id,
      attr_id: variant.sku_id,
      size: variant.size,
      layerdata,
      extends: sizeDesign ?? row.extends,
    };
  }

  /**
   * The synthesis job: compose the finished product's prints and mockups, then write them. Composition
   * is content-addressed and the write only updates, so running it twice leaves one result.
   */
  const synthesisJob: JobHandler = async (job) => {
    const { finishedId, taskId, size } = job.payload as SynthesisPayload;
    const row = await finished.byId(finishedId);
    if (!row) return { skipped: 'finished product deleted' };
    const product = await catalogue.product(row.product_id);
    if (!product) throw new JobFailure('productNotFound', `product ${row.product_id}`);
    // Designs are read now, not when queued: a job always composes what is saved (docs/domain.md#save-modes).
    // Each variant's blank colour (the catalogue's): what is composed, whatever the seller renamed the variant's colour to.
    const skuColours = new Map(product.skus.map((s) => [s.id, s.color]));
    const variants = (await finished.variantsOf(row.id, row.extends)).map((v) => ({
      ...v,
      blank_color: skuColours.get(v.sku_id) ?? v.color,
    }));
    const targets = size === undefined ? variants : variants.filter((v) => v.size === size);
    const groups = new Map<string, typeof variants>();
    for (const v of targets) groups.set(v.design, [...(groups.get(v.design) ?? []), v]);

    const images: SynthesisImages = { taskId: taskId ?? row.task_id, productDesign: row.extends, attrs: [], children: [] };
    const parent = variants.find((v) => v.as_parent === 1);
    for (const [text, members] of groups) {
      const colors = [...new Set(members.map((v) => v.blank_color))];
      const out = await composer.product({
        kind: 'product',
        design: parseDesign(text),
        spec: composeSpecOf(product),
        colors,
        thumbs: true,
      });
      if (!out.ok) throw new JobFailure(out.key, out.detail);
      for (const v of members) images.attrs.push({ id: v.id, design: text, img_urls: out.value.mockups[v.blank_color] ?? [] });
      if (text === row.extends) {
        const children = new Map(members.map((v) => [v.child_id, v.blank_color]));
        for (const [childId, color] of children) images.children.push({ childId, img_urls: out.value.mockups[color] ?? [] });
      }
      if (parent && members.includes(parent)) {
        images.parent = {
          attrId: parent.id,
          img_urls: out.value.mockups[parent.blank_color] ?? [],
          thumb: out.value.thumbs[parent.blank_color] ?? '',
          prints: out.value.prints,
        };
      }
    }
    await finished.writeImages(row.id, images, now());
    // The job's result (jobs/service.ts): what the seller follows a synthesis to.
    return {
      finished_id: row.id,
      key_id: row.key_id,
      thumb: images.parent?.thumb ?? row.thumb,
      designs: groups.size,
      variants: targets.length,
    };
  };

  /** Retries spent (or the last attempt's process died): the finished product shows it failed. */
  const synthesisGaveUp: GiveUpHandler = async (job) => {
    const { finishedId, taskId } = job.payload as SynthesisPayload;
    await finished.markFailed(finishedId, now(), taskId);
  };

  /**
   * Finished products left pending without a live job (a crash between writing the row and queueing
   * its job, or a lost Redis): queued again. Run when a process starts working jobs.
   */
  async function requeueOrphans(): Promise<number> {
    const orphans = await finished.pendingWithoutJob();
    for (const o of orphans) {
      await queue.enqueue({ kind: SYNTHESIS_JOB, ownerId: o.owner_id, taskId: o.task_id, payload: jobPayload(o.id, o.task_id) });
    }
    return orphans.length;
  }

  /** The synthesis job kind, as the registry in services.ts lists it. */
  const jobKind: JobKind = { run: synthesisJob, giveUp: synthesisGaveUp, recover: requeueOrphans };

  return {
    admit,
    create,
    regenerate,
    designResave,
    designLayerlog,
    synthesisJob,
    synthesisGaveUp,
    requeueOrphans,
    jobKind,
  };
}
export type SynthesisService = ReturnType<typeof createSynthesisService>;

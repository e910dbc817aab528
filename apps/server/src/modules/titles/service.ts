import {
  keywordSetProblem,
  keywordsOf,
  titleTemplateProblem,
  type KeywordSet,
  type ListingToolProblem,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type routes,
  type TitleOverflow,
  type TitleSettings,
  type TitleTemplate,
  type TitleTemplateFields,
} from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Scope } from '../../db/scope.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError, conflict } from '../../http/errors.js';
import type { KeywordSetRecord, TitleRepo, TitleTemplateRecord } from './repo.js';

const seconds = (ms: number) => Math.floor(ms / 1000);

const templateView = (r: TitleTemplateRecord): TitleTemplate => ({
  id: r.id,
  name: r.name,
  template: r.template,
  overflow: r.overflow as TitleOverflow,
  max_length: r.max_length,
  owner_id: r.owner_id,
  username: r.username,
  createtime: seconds(r.created_at),
  updated_at: seconds(r.updated_at),
});

const setView = (r: KeywordSetRecord): KeywordSet => ({
  id: r.id,
  name: r.name,
  keywords: parseJsonColumn<string[]>(r.keywords, []),
  owner_id: r.owner_id,
  username: r.username,
  createtime: seconds(r.created_at),
  updated_at: seconds(r.updated_at),
});

const refuse = (p: ListingToolProblem | null) => {
  if (p) throw new AppError(400, p.key, p.params);
};

/** A shop's defaults that point at deleted rows are cleared by the shops module (services.ts wires it). */
export interface ShopDefaults {
  forget(kind: 'title_template' | 'keyword_set', ids: number[]): Promise<void>;
}

/**
 * Title templates and keyword sets (docs/listing-tools.md#titles, #keywords): owned rows, scoped like every
 * other (a parent reads and changes its sub-accounts'; another family's id is not found, 404). Names are
 * unique per owner. `settingsFor` is what an export or a publish that chose them carries.
 */
export function createTitleService(deps: { repo: TitleRepo; now: () => number; shopDefaults: ShopDefaults }) {
  const { repo, now } = deps;

  async function template(scope: Scope, id: number) {
    const row = await repo.templates.get(scope, id);
    if (!row) throw new AppError(404, 'titleTemplateNotFound');
    return templateView(row);
  }
  async function keywordSet(scope: Scope, id: number) {
    const row = await repo.keywordSets.get(scope, id);
    if (!row) throw new AppError(404, 'keywordSetNotFound');
    return setView(row);
  }

  async function listTemplates(caller: Caller, q: ParsedQueryOf<typeof routes.titleTemplateList>) {
    const { list, count } = await repo.templates.page(caller.scope, q.name, q.pageSize, (q.pageNumber - 1) * q.pageSize);
    return { count, list: list.map(templateView) };
  }

  async function saveTemplate(caller: Caller, id: number | null, t: TitleTemplateFields) {
    refuse(titleTemplateProblem(t));
    const cols = { name: t.name.trim(), template: t.template, overflow: t.overflow, max_length: t.max_length };
    const owner = id === null ? caller.id : (await template(caller.scope, id)).owner_id;
    // The name is unique among its owner's templates (a parent editing a sub-account's checks the sub's).
    if (await repo.templates.nameTaken(owner, cols.name, id ?? undefined)) throw conflict('titleTemplateNameTaken');
    const at = now();
    try {
      if (id === null)
        return template(caller.scope, (await repo.templates.insert({ owner_id: owner, ...cols, created_at: at, updated_at: at })).id);
      if ((await repo.templates.update(caller.scope, id, { ...cols, updated_at: at })) !== 1)
        throw new AppError(404, 'titleTemplateNotFound');
      return template(caller.scope, id);
    } catch (e) {
      // Two saves of one name at once: the unique index decides.
      if (isUniqueViolation(e)) throw conflict('titleTemplateNameTaken');
      throw e;
    }
  }

  const addTemplate = (caller: Caller, b: ParsedBodyOf<typeof routes.titleTemplateAdd>) => saveTemplate(caller, null, b);

  async function updateTemplate(caller: Caller, b: ParsedBodyOf<typeof routes.titleTemplateUpdate>) {
    const was = await template(caller.scope, b.id);
    return saveTemplate(caller, b.id, {
      name: b.name ?? was.name,
      template: b.template ?? was.template,
      overflow: b.overflow ?? was.overflow,
      max_length: b.max_length ?? was.max_length,
    });
  }

  /** All or nothing: one id outside the caller's scope (or gone) and nothing is removed. */
  async function removeAll(kind: 'title_template' | 'keyword_set', caller: Caller, idsText: string) {
    const ids = [...new Set(idsText.split(',').map(Number))];
    await repo.inTransaction(async (r) => {
      const removed =
        kind === 'title_template' ? await r.templates.remove(caller.scope, ids) : await r.keywordSets.remove(caller.scope, ids);
      if (removed !== ids.length) throw new AppError(404, kind === 'title_template' ? 'titleTemplateNotFound' : 'keywordSetNotFound');
    });
    // Shops that started with one start with none.
    await deps.shopDefaults.forget(kind, ids);
    return { deleted: ids.length };
  }

  async function listSets(caller: Caller, q: ParsedQueryOf<typeof routes.keywordSetList>) {
    const { list, count } = await repo.keywordSets.page(caller.scope, q.name, q.pageSize, (q.pageNumber - 1) * q.pageSize);
    return { count, list: list.map(setView) };
  }

  async function saveSet(caller: Caller, id: number | null, name: string, words: string[]) {
    refuse(keywordSetProblem(name, words));
    const cols = { name: name.trim(), keywords: JSON.stringify(words) };
    const owner = id === null ? caller.id : (await keywordSet(caller.scope, id)).owner_id;
    if (await repo.keywordSets.nameTaken(owner, cols.name, id ?? undefined)) throw conflict('keywordSetNameTaken');
    const at = now();
    try {
      if (id === null)
        return keywordSet(caller.scope, (await repo.keywordSets.insert({ owner_id: owner, ...cols, created_at: at, updated_at: at })).id);
      if ((await repo.keywordSets.update(caller.scope, id, { ...cols, updated_at: at })) !== 1)
        throw new AppError(404, 'keywordSetNotFound');
      return keywordSet(caller.scope, id);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('keywordSetNameTaken');
      throw e;
    }
  }

  const addSet = (caller: Caller, b: ParsedBodyOf<typeof routes.keywordSetAdd>) => saveSet(caller, null, b.name, keywordsOf(b.keywords));

  async function updateSet(caller: Caller, b: ParsedBodyOf<typeof routes.keywordSetUpdate>) {
    const was = await keywordSet(caller.scope, b.id);
    return saveSet(caller, b.id, b.name ?? was.name, b.keywords === undefined ? was.keywords : keywordsOf(b.keywords));
  }

  /**
   * What an export or a publish that chose a template and a set carries (plain data: it crosses to the export's
   * file thread). 0 is none; another family's id is not found (404), like every owned row.
   */
  async function settingsFor(
    who: { scope: Scope },
    choice: { titleTemplateId: number; keywordSetId: number; platform: number; shop: string },
  ): Promise<TitleSettings | null> {
    if (choice.titleTemplateId === 0 && choice.keywordSetId === 0) return null;
    const t = choice.titleTemplateId > 0 ? await template(who.scope, choice.titleTemplateId) : null;
    const k = choice.keywordSetId > 0 ? await keywordSet(who.scope, choice.keywordSetId) : null;
    return {
      template: t ? { text: t.template, overflow: t.overflow, max_length: t.max_length } : null,
      keywords: k ? k.keywords : null,
      shop: choice.shop,
      platform: choice.platform,
    };
  }

  /** Whether a row of this kind is in `scope` (a shop's default must be one its owner can use). */
  const usableBy = async (scope: Scope, kind: 'title_template' | 'keyword_set', id: number) =>
    (kind === 'title_template' ? await repo.templates.get(scope, id) : await repo.keywordSets.get(scope, id)) !== undefined;

  return {
    listTemplates,
    addTemplate,
    updateTemplate,
    delTemplates: (caller: Caller, b: { ids: string }) => removeAll('title_template', caller, b.ids),
    template,
    listSets,
    addSet,
    updateSet,
    delSets: (caller: Caller, b: { ids: string }) => removeAll('keyword_set', caller, b.ids),
    keywordSet,
    settingsFor,
    usableBy,
  };
}
export type TitleService = ReturnType<typeof createTitleService>;

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BASE_MESSAGES, MESSAGES } from '@app/contract';
import { TEXTS, type TextGroup } from './featureTexts';
import { SHELL_STRINGS } from './strings';

/**
 * Every text a page's code names is registered by its route (docs/web.md#where-the-bytes-go): `t()` and `m()` are
 * synchronous and show a key they do not know, so a page whose route forgot a feature's texts would show
 * `finished.xxx`. For each route of routes.tsx this reads the code its page loads (the modules it imports, and the
 * dialogs it loads on demand) and finds the keys it names: string literals that are keys, and template literals
 * (`finished.status.${s}`) standing for every key they can make. Messages named by the contract's helpers a page
 * imports (a validator's problem keys) count too.
 */

const SRC = path.resolve(import.meta.dirname, '../..');
const CONTRACT = path.resolve(SRC, '../../../packages/contract/src');
const ROUTES = path.join(SRC, 'app/routes.tsx');

const stringKeys = new Set<string>(await allStringKeys());
const messageKeys = new Set(Object.keys(MESSAGES));

async function allStringKeys(): Promise<string[]> {
  const groups = await Promise.all(Object.values(TEXTS).map((load) => load()));
  return [...Object.keys(SHELL_STRINGS), ...groups.flatMap((g) => Object.keys(g.strings))];
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  return ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => existsSync(f));
}

/** Where each name @app/contract exports is declared (its feature modules; the message catalogues themselves aside). */
const contractExports = new Map<string, string>();
for (const name of readdirSync(CONTRACT)) {
  if (!name.endsWith('.ts') || /[mM]essages\.ts$/.test(name)) continue;
  const file = path.join(CONTRACT, name);
  for (const st of parse(file).statements) {
    const exported = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) contractExports.set(d.name.getText(), file);
    else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) contractExports.set(st.name.text, file);
  }
}

/** A module made of re-exports only (an index.ts): an import from it reaches only the modules of the names it takes. */
function reExports(file: string): Map<string, string> | undefined {
  const map = new Map<string, string>();
  for (const st of parse(file).statements) {
    if (!ts.isExportDeclaration(st) || !st.moduleSpecifier || !st.exportClause || !ts.isNamedExports(st.exportClause)) return undefined;
    const target = resolve(file, (st.moduleSpecifier as ts.StringLiteral).text);
    if (target) for (const e of st.exportClause.elements) map.set(e.name.text, target);
  }
  return map;
}

interface Module {
  imports: string[];
  strings: Set<string>;
  messages: Set<string>;
}

const modules = new Map<string, Module>();

/** The keys a module names and the modules it loads (statically, or on demand with import()). */
function read(file: string): Module {
  const known = modules.get(file);
  if (known) return known;
  const mod: Module = { imports: [], strings: new Set(), messages: new Set() };
  modules.set(file, mod);
  const inContract = file.startsWith(CONTRACT);
  const take = (spec: string, names: string[]) => {
    if (spec === '@app/contract') {
      for (const n of names) {
        const f = contractExports.get(n);
        if (f) mod.imports.push(f);
      }
      return;
    }
    const target = resolve(file, spec);
    if (!target || inContract) return;
    const barrel = reExports(target);
    if (barrel && names.length > 0) for (const n of names) mod.imports.push(barrel.get(n) ?? target);
    else mod.imports.push(target);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      const bindings = node.importClause?.namedBindings;
      const names =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : [];
      if (!node.importClause || names.length > 0 || !bindings || !ts.isNamedImports(bindings))
        take((node.moduleSpecifier as ts.StringLiteral).text, names);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) take(arg.text, []);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!inContract && stringKeys.has(node.text)) mod.strings.add(node.text);
      if (messageKeys.has(node.text)) mod.messages.add(node.text);
    } else if (ts.isTemplateExpression(node) && !inContract && node.head.text.includes('.')) {
      const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = new RegExp(`^${escape(node.head.text)}${node.templateSpans.map((s) => `.+${escape(s.literal.text)}`).join('')}$`);
      for (const key of stringKeys) if (pattern.test(key)) mod.strings.add(key);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return mod;
}

/** Every module a page brings, its dialogs loaded on demand included (they show the route's texts too). */
function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || file === ROUTES || /\/i18n\/\w+Strings\.ts$|\.test\.tsx?$/.test(file)) return;
    seen.add(file);
    for (const f of read(file).imports) walk(f);
  };
  walk(entry);
  return seen;
}

interface Route {
  modules: string[];
  texts: TextGroup[];
}

/** The routes of routes.tsx: the modules each loads and the texts it registers, its parents' included. */
function routesOf(): Route[] {
  const out: Route[] = [];
  const source = parse(ROUTES);
  // A list of groups several routes share is a const of routes.tsx, spread into their page() calls.
  const lists = new Map<string, ts.Expression>();
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer) lists.set(node.name.getText(), node.initializer);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const groupsIn = (arg: ts.Expression): TextGroup[] => {
    if (ts.isStringLiteral(arg)) return [arg.text as TextGroup];
    if (ts.isArrayLiteralExpression(arg)) return arg.elements.flatMap(groupsIn);
    if (ts.isSpreadElement(arg)) return groupsIn(arg.expression);
    const list = ts.isIdentifier(arg) ? lists.get(arg.text) : undefined;
    return list ? groupsIn(list) : [];
  };
  const visitRoute = (obj: ts.ObjectLiteralExpression, inherited: TextGroup[]) => {
    const route: Route = { modules: [], texts: [...inherited] };
    let children: ts.ArrayLiteralExpression | undefined;
    const scan = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression.getText();
        if (node.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const target = resolve(ROUTES, (node.arguments[0] as ts.StringLiteral).text);
          if (target) route.modules.push(target);
        } else if (callee === 'page' || callee === 'registered') {
          for (const arg of node.arguments) route.texts.push(...groupsIn(arg));
        }
      }
      ts.forEachChild(node, scan);
    };
    for (const prop of obj.properties) {
      if (ts.isPropertyAssignment(prop) && prop.name.getText() === 'children' && ts.isArrayLiteralExpression(prop.initializer))
        children = prop.initializer;
      else scan(prop);
    }
    if (route.modules.length > 0) out.push(route);
    for (const child of children?.elements ?? []) if (ts.isObjectLiteralExpression(child)) visitRoute(child, route.texts);
  };
  const find = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText() === 'routes' &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      for (const e of node.initializer.elements) if (ts.isObjectLiteralExpression(e)) visitRoute(e, []);
      return;
    }
    ts.forEachChild(node, find);
  };
  find(source);
  return out;
}

async function registeredBy(groups: TextGroup[]): Promise<{ strings: Set<string>; messages: Set<string> }> {
  const loaded = await Promise.all(groups.map((g) => TEXTS[g]()));
  return {
    strings: new Set([...Object.keys(SHELL_STRINGS), ...loaded.flatMap((g) => Object.keys(g.strings))]),
    messages: new Set([...Object.keys(BASE_MESSAGES), ...loaded.flatMap((g) => Object.keys(g.messages))]),
  };
}

/** The keys a route's code names that its texts lack, each with the file naming it. */
async function missingIn(entries: string[], groups: TextGroup[]): Promise<string[]> {
  const known = await registeredBy(groups);
  const missing: string[] = [];
  for (const file of new Set(entries.flatMap((e) => [...closure(e)]))) {
    const mod = read(file);
    const where = path.relative(SRC, file);
    for (const k of mod.strings) if (!known.strings.has(k)) missing.push(`${where}: t('${k}')`);
    for (const k of mod.messages) if (!known.messages.has(k)) missing.push(`${where}: m('${k}')`);
  }
  return missing.sort();
}

describe('the texts each route registers', () => {
  const routes = routesOf();

  it('finds the routes of routes.tsx and the keys their pages name', () => {
    expect(routes.length).toBeGreaterThan(20);
    const finished = routes.find((r) => r.modules.some((m) => m.endsWith('features/finished/FinishedPage.tsx')));
    expect(finished).toBeDefined();
    const named = [...closure(finished!.modules[0]!)].flatMap((f) => [...read(f).strings]);
    expect(named).toContain('finished.title');
    expect(named).toContain('nav.finished');
  });

  it('the first download (the shell, the router, the login page) names only the shell texts and the general messages', async () => {
    expect(await missingIn([path.join(SRC, 'main.tsx')], [])).toEqual([]);
  });

  for (const route of routes) {
    const name = route.modules.map((m) => path.relative(SRC, m)).join(', ');
    it(`${name} registers every text it names`, async () => {
      expect(await missingIn(route.modules, route.texts)).toEqual([]);
    });
  }
});

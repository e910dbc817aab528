// The boundaries the README's Architecture describes, checked on every `npm test` (lint stage,
// `npm run lint:deps`). An error fails the run; a warning is printed and does not.

/**
 * The folders under `root` (features, modules) reach one another only through each one's index file
 * (`index.<ext>`, ext a pattern): inside its own folder a file imports freely.
 */
function throughIndex(name, root, ext, comment) {
  return {
    name,
    severity: 'error',
    comment,
    from: { path: `^${root}/([^/]+)/` },
    to: { path: `^${root}/([^/]+)/`, pathNot: [`^${root}/$1/`, `^${root}/[^/]+/index\\.${ext}$`] },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'sandbox-stands-alone',
      severity: 'error',
      comment:
        "A sandbox is written as the marketplace is (README.md#architecture): it never imports the product's code, so a test between adapter and sandbox can fail the way the real marketplace would refuse.",
      from: { path: '^sandboxes/' },
      to: { path: '^(apps|packages)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes load order matter and the modules impossible to read one at a time.',
      from: {},
      // Type-only imports vanish at build time, but a cycle through them still ties the modules together.
      to: { circular: true },
    },
    throughIndex(
      'web-feature-through-index',
      'apps/web/src/features',
      'tsx?',
      "A feature uses another feature only through that feature's index.ts (its public face).",
    ),
    {
      name: 'web-shared-code-not-on-features',
      severity: 'error',
      comment:
        'The shell (app/) and the API client (api/) serve every feature, so they never import one. The router ' +
        "(app/routes.tsx) is the exception: mounting the features' pages is its job; it reaches them through their " +
        'index.ts (web-feature-pages-through-index).',
      from: { path: '^apps/web/src/(app|api)/', pathNot: '^apps/web/src/app/routes\\.tsx$' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-phone-shell-stands-apart',
      severity: 'error',
      comment:
        'The phone shell (src/mobile, its own entry: docs/mobile.md#the-shell) shares the API client, the i18n catalogue and ' +
        "the query cache with the back office, never a back-office page, layout or Ant Design component: the phone's " +
        'download stays its own.',
      from: { path: '^apps/web/src/mobile/' },
      to: { path: '^apps/web/src/(features/|app/(layout|components)/|app/(routes|App|AntdShell|feedback)\\.tsx$)' },
    },
    {
      name: 'web-back-office-not-on-phone',
      severity: 'error',
      comment: 'The back office never imports the phone shell (docs/mobile.md#the-shell).',
      from: { path: '^apps/web/src/(app|api|features)/' },
      to: { path: '^apps/web/src/mobile/' },
    },
    {
      name: 'web-feature-pages-through-index',
      severity: 'error',
      comment:
        "The router imports a feature statically through the feature's index.ts only; it loads a page on demand by " +
        'importing that page module itself (docs/web.md#route-splitting), so each page is a chunk of its own.',
      from: { path: '^apps/web/src/app/routes\\.tsx$' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/[^/]+/index\\.tsx?$', dynamic: false },
    },
    {
      name: 'web-feature-pages-loaded-on-demand',
      severity: 'error',
      comment: 'What the router loads on demand is a page (or a dialog with its own address): a *Page.tsx / *Dialog.tsx module.',
      from: { path: '^apps/web/src/app/routes\\.tsx$' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: '^apps/web/src/features/.*/[A-Z][a-zA-Z]*(Page|Dialog)\\.tsx$',
        dynamic: true,
      },
    },
    {
      name: 'web-api-through-index',
      severity: 'error',
      comment:
        'Screens use the API through api/index.ts: its per-resource hooks, fetchers and query keys, never the raw client, so every key and invalidation comes from one factory.',
      from: { path: '^apps/web/src/', pathNot: '^apps/web/src/api/' },
      to: { path: '^apps/web/src/api/', pathNot: '^apps/web/src/api/index\\.ts$' },
    },
    {
      name: 'server-infrastructure-not-on-modules',
      severity: 'error',
      comment: 'db/ and http/ are what the feature modules stand on; they never import a module.',
      from: { path: '^apps/server/src/(db|http)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    throughIndex(
      'server-module-through-index',
      'apps/server/src/modules',
      'ts',
      "A server module uses another module only through that module's index.ts.",
    ),
    {
      name: 'server-wiring-through-index',
      severity: 'error',
      comment:
        'The wiring (services.ts, app.ts), the demo content and the benchmarks use a module through its index.ts too; ' +
        'only tests may reach inside a module.',
      from: { path: '^(apps/server/src|bench)/', pathNot: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)data/', '(^|/)test-results/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

// The page's CSP refuses eval (apps/server/src/http/securityHeaders.ts): zod must neither compile parsers with
// `new Function` nor probe whether it may (a reported violation), and must know before any schema of
// @app/contract or @app/design is built. zod reads its settings from this global, made when it loads or before,
// so this module sets `jitless` without loading zod: the back office's first screen downloads no zod
// (docs/web.md#where-the-bytes-go). main.tsx imports it first; noEval.test.ts checks that zod honours it.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;

// Writes src/addresses.ts, the address (method, path, auth) of every route in `routes`: the web client calls
// routes through it, without loading their zod schemas (docs/web.md#where-the-bytes-go).
// Run after adding, removing or moving a route: npm run contract:addresses
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { routes } from '../src/routes.js';

const target = fileURLToPath(new URL('../src/addresses.ts', import.meta.url));

const lines = Object.entries(routes).map(
  ([name, r]) => `  ${name}: { method: '${r.method}', path: '${r.path}', auth: ${String(r.auth)} },`,
);
const text = `// Written by \`npm run contract:addresses\` (packages/contract/scripts/writeAddresses.ts) from \`routes\`: do not
// edit; run it after changing a route's name, method, path or auth. The type check and test/addresses.test.ts
// fail while this file and the routes differ.
import type { RouteAddresses } from './routes.js';

/**
 * Every route's method, path and auth, by its name in \`routes\`: all the web client needs of a route at runtime.
 * Free of zod, so a page's API calls load no schemas (docs/web.md#where-the-bytes-go).
 */
export const ROUTE_ADDRESSES = {
${lines.join('\n')}
} as const satisfies RouteAddresses;
`;

writeFileSync(target, await format(text, { ...(await resolveConfig(target)), filepath: target }));
console.log(`wrote ${target} (${lines.length} routes)`);

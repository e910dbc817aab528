import { describe, expect, it } from 'vitest';
import { ROUTE_ADDRESSES } from '../src/addresses.js';
import { routes } from '../src/routes.js';

describe('ROUTE_ADDRESSES (docs/web.md#where-the-bytes-go)', () => {
  it("holds every route's method, path and auth, and nothing else", () => {
    const fromRoutes = Object.fromEntries(
      Object.entries(routes).map(([name, r]) => [name, { method: r.method, path: r.path, auth: r.auth }]),
    );
    expect(ROUTE_ADDRESSES, 'src/addresses.ts is stale: run `npm run contract:addresses`').toEqual(fromRoutes);
  });
});

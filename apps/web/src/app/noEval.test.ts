import './noEval';
import { expect, it } from 'vitest';

it('zod, loaded after noEval, builds its parsers without eval', async () => {
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
});

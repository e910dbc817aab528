import path from 'node:path';
import { generateDemoCatalogue } from './generate.js';

/**
 * `npm run catalogue:demo -- <outdir> [--only tshirt,mug] [--size 2000]`: writes the demo catalogue
 * folder, ready for `npm run catalogue:import -- <outdir>`.
 */
async function main(argv: string[]) {
  const args = [...argv];
  const flag = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const [, value] = args.splice(i, 2);
    return value;
  };
  const only = flag('--only')?.split(',').filter(Boolean);
  const size = flag('--size');
  const [outDir] = args;
  if (!outDir) throw new Error('usage: npm run catalogue:demo -- <outdir> [--only tshirt,mug] [--size 2000]');
  const started = performance.now();
  const { products } = await generateDemoCatalogue(path.resolve(outDir), { only, size: size ? Number(size) : undefined });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Demo catalogue written to ${path.resolve(outDir)}: ${products.length} products (${products.join(', ')}) in ${seconds} s`);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

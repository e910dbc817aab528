/**
 * What a browser bench starts (temporary folders, the server's process group, the browser), undone in reverse order
 * when it ends, fails or is stopped with Ctrl+C. `defer` adds an undo; `cleanUp` runs them; `interrupted` says whether
 * a signal stopped the run (what fails then is only the browser or the server going away under it).
 */
const undos: (() => Promise<unknown>)[] = [];
let stopped = false;

export function defer(undo: () => Promise<unknown>): void {
  undos.push(undo);
}

export async function cleanUp(): Promise<void> {
  for (const undo of undos.splice(0).reverse()) await undo().catch((e: unknown) => console.error(`clean-up: ${String(e)}`));
}

export const interrupted = () => stopped;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopped = true;
    process.stdout.write(`${signal}: stopping\n`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Runs a bench whose answer says whether it held its budget, cleans up, and exits 0 when it did, 1 otherwise. */
export function runBench(main: () => Promise<boolean>): void {
  main()
    .then(async (ok) => {
      await cleanUp();
      process.exit(ok ? 0 : 1);
    })
    .catch(async (e: unknown) => {
      if (!stopped) console.error(e);
      await cleanUp();
      process.exit(1);
    });
}

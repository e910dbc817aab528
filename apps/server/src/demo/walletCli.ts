import { loadConfig } from '../config.js';
import { openServices } from '../services.js';
import { seedDemoWallet } from './wallet.js';

/**
 * `tsx apps/server/src/demo/walletCli.ts`: gives the demo family's wallet its demo credit of ¥1,000.00
 * (docs/orders.md#the-wallet) in DATA_DIR's database, once. A server started without the demo content
 * (SEED_DEMO_CONTENT=0, the browser suite's) has the demo accounts but not that credit; the order pages' browser
 * test adds it this way, as the catalogue is imported there with the catalogue CLI.
 */
async function main() {
  const { app: config } = loadConfig();
  const services = await openServices({ ...config, readThreads: 0, runJobs: false });
  try {
    await seedDemoWallet({
      db: services.db.db,
      storage: services.storage,
      dataDir: config.dataDir,
      now: config.now,
      log: (m) => console.log(m),
    });
  } finally {
    await services.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

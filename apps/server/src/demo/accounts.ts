import type { AccountRepo, PasswordHasher } from '../modules/accounts/index.js';

export const DEMO_PASSWORD = 'demo1234';

/**
 * The demo accounts of a first start on an empty database: the parent account `demo` with its sub-accounts
 * `demo-a` and `demo-b` (all with password demo1234) in an office.
 */
export async function seedDemoAccounts(deps: {
  repo: AccountRepo;
  passwords: PasswordHasher;
  now: () => number;
  log: (msg: string) => void;
}) {
  const { repo, passwords, now } = deps;
  if (await repo.findByUsername('demo')) return;
  const password_hash = await passwords.hash(DEMO_PASSWORD);
  const created_at = now();
  const demoId = await repo.insertAccount({
    username: 'demo',
    password_hash,
    nickname: '演示主账号',
    level: 2,
    parent_id: null,
    office_id: null,
    created_at,
  });
  const officeId = await repo.insertOffice({ owner_id: demoId, name: '深圳运营部', created_at });
  for (const [username, nickname] of [
    ['demo-a', '运营 A'],
    ['demo-b', '运营 B'],
  ] as const) {
    await repo.insertAccount({ username, password_hash, nickname, level: 2, parent_id: demoId, office_id: officeId, created_at });
  }
  deps.log('Demo accounts created: demo / demo1234 (sub-accounts demo-a, demo-b)');
}

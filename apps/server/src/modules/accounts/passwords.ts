import { hash, verify } from '@node-rs/argon2';
import type { Argon2Cost } from '../../config.js';

/** argon2id hashing; `cost` undefined uses the library's recommended parameters (production). */
export function createPasswordHasher(cost?: Argon2Cost) {
  // Verified when the username is unknown, so a wrong username costs as long as a wrong password.
  let dummy: Promise<string> | undefined;
  return {
    hash: (password: string) => hash(password, cost),
    verify: (passwordHash: string, password: string) => verify(passwordHash, password),
    verifyNothing: async (password: string) => {
      dummy ??= hash('not-a-real-password', cost);
      await verify(await dummy, password);
      return false;
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

import { hash, verify } from '@node-rs/argon2';

/*
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): ~15 ms per hash here, slow
 * enough to hurt offline guessing, fast enough for a login burst. The library's default
 * algorithm is argon2id (its `Algorithm` is a const enum we cannot reference under
 * isolatedModules), and the hash string records its own parameters.
 */
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a refusal, not a server error.
    return false;
  }
}

/** argon2's native module, loaded at the first hash: a start or an operator command that hashes nothing does not pay for it. */
const argon2 = () => import('@node-rs/argon2');

// argon2id with the OWASP minimum (19 MiB, 2 passes): about 14 ms a hash on these machines.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under verbatimModuleSyntax */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the phone is unknown, so timing does not reveal who is a member. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}

/**
 * Passwords and the random secrets accounts hand out. Passwords: argon2id with OWASP's current
 * parameters (19 MiB, 2 passes, 1 lane; the library's default algorithm is argon2id). E-mailed
 * tokens and API keys are random 256-bit values, so a fast hash is enough to store them: guessing
 * the value is as hard as guessing the hash's input. API keys use a keyed hash (HMAC-SHA-256), so
 * a copy of the table alone cannot even confirm a candidate key.
 */
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** A hash made for no password: sign-in with an unknown login verifies against it, so both take as long. */
let unusableHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  unusableHash ??= hashPassword(randomToken());
  const stored = passwordHash ?? (await unusableHash);
  const matches = await verify(stored, password).catch(() => false);
  return passwordHash !== null && matches;
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How e-mailed confirmation and reset tokens are stored. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** API keys carry a prefix so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'rk_';

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomToken()}`;
}

export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX) && value.length === API_KEY_PREFIX.length + 43;
}

/** The API-key hash key is derived from the JWT secret, so a deployment has one secret to keep. */
export function apiKeyHasher(jwtSecret: string): (key: string) => string {
  const hmacKey = Buffer.from(hkdfSync('sha256', jwtSecret, 'registry', 'api-key-hash', 32));
  return (key) => createHmac('sha256', hmacKey).update(key).digest('hex');
}

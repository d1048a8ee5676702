import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupProblem } from '../startup/startup-problem.ts';

const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;
/** Stored form: version prefix, then base64url of iv | tag | ciphertext. */
const prefix = 'v1:';

/**
 * Encrypts users' secrets (provider API keys) at rest with AES-256-GCM. The key never goes into the
 * database: a copy of the database alone does not reveal the secrets.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== keyBytes) throw new Error(`The secrets key must be ${keyBytes} bytes, got ${key.length}.`);
    this.key = key;
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return prefix + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
  }

  /** Throws when the value was not sealed with this key (or was tampered with). */
  decrypt(sealed: string): string {
    if (!sealed.startsWith(prefix)) throw new Error('Not a sealed secret.');
    const raw = Buffer.from(sealed.slice(prefix.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, ivBytes));
    decipher.setAuthTag(raw.subarray(ivBytes, ivBytes + tagBytes));
    return Buffer.concat([decipher.update(raw.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
  }
}

/** A 32-byte key written as 64 hex digits or as base64 / base64url; `source` names where it came from when it is not one. */
export function parseSecretsKey(text: string, source = 'SECRETS_KEY'): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== keyBytes) throw new StartupProblem(`${source} must be 32 bytes, written as 64 hex digits or base64 (openssl rand -base64 32).`);
  return key;
}

export const secretsKeyFileName = 'secrets.key';

/**
 * The key from SECRETS_KEY, else from `<dataDir>/secrets.key`, generated there (owner-only) on first
 * start. Losing that file makes the stored API keys unreadable: README says to back it up.
 */
export function loadSecretBox(options: { configuredKey?: string; dataDir: string }): SecretBox {
  if (options.configuredKey) return new SecretBox(parseSecretsKey(options.configuredKey));
  const file = path.join(options.dataDir, secretsKeyFileName);
  try {
    return new SecretBox(parseSecretsKey(readFileSync(file, 'utf8'), file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(options.dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: a process starting beside this one
  // (a worker on the same data folder) finds either no key or the whole key, never an empty file, and
  // the link fails when another process's key is there first, so the two never hold different keys.
  const unlinked = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(unlinked, randomBytes(keyBytes).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  try {
    linkSync(unlinked, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(unlinked);
  }
  return new SecretBox(parseSecretsKey(readFileSync(file, 'utf8'), file));
}

import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSecretBox, parseSecretsKey, SecretBox, secretsKeyFileName } from './secret-box.ts';

describe('secret box', () => {
  const box = new SecretBox(Buffer.alloc(32, 7));

  it('seals a secret so that the stored text does not contain it, and opens it again', () => {
    const sealed = box.encrypt('hunter-key-1a2b');
    expect(sealed).to.not.include('hunter-key');
    expect(box.encrypt('hunter-key-1a2b')).to.not.equal(sealed); // a fresh IV each time
    expect(box.decrypt(sealed)).to.equal('hunter-key-1a2b');
  });

  it('refuses to open a secret sealed with another key or tampered with', () => {
    const sealed = box.encrypt('secret');
    expect(() => new SecretBox(Buffer.alloc(32, 8)).decrypt(sealed)).to.throw();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.decrypt(tampered)).to.throw();
  });

  it('reads SECRETS_KEY as hex or base64 and refuses a key of the wrong length', () => {
    expect(parseSecretsKey('ab'.repeat(32))).to.have.length(32);
    expect(parseSecretsKey(Buffer.alloc(32, 1).toString('base64'))).to.have.length(32);
    expect(() => parseSecretsKey('too-short')).to.throw(/32 bytes/);
  });

  it('generates a key file in the data folder on first start (owner-only) and reuses it afterwards', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'charterline-secrets-'));
    try {
      const sealed = loadSecretBox({ dataDir }).encrypt('kept');
      const file = path.join(dataDir, secretsKeyFileName);
      expect(statSync(file).mode & 0o777).to.equal(0o600);
      expect(readFileSync(file, 'utf8').trim()).to.have.length(44);
      expect(loadSecretBox({ dataDir }).decrypt(sealed)).to.equal('kept');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
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

  it('gives processes starting together on one data folder the same whole key, leaving no other file', async function () {
    this.timeout(60_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'charterline-secrets-'));
    try {
      const sealer = `import { loadSecretBox } from ${JSON.stringify(path.resolve('backend/src/settings/secret-box.ts'))};
        console.log(loadSecretBox({ dataDir: process.argv[1] }).encrypt('shared'));`;
      const started = Array.from({ length: 6 }, () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', sealer, dataDir]));
      const sealed = (await Promise.all(started)).map(({ stdout }) => stdout.trim());
      const key = loadSecretBox({ dataDir });
      expect(sealed.map((text) => key.decrypt(text))).to.deep.equal(Array(6).fill('shared'));
      expect(readdirSync(dataDir)).to.deep.equal([secretsKeyFileName]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

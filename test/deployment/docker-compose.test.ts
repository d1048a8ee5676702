import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { configurationVariables } from '../../backend/src/config.ts';
import { serverBundle } from '../support/server-bundle.ts';

type Service = { command?: string[]; environment?: Record<string, string>; volumes?: string[]; healthcheck?: { test: string[] } };

const root = fileURLToPath(new URL('../../', import.meta.url));
const compose = yaml.load(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };
const { web, worker } = compose.services;
/** The image's working folder, where DATA_DIR's default (`data`) lies. */
const workdir = /^WORKDIR (\S+)$/m.exec(readFileSync(path.join(root, 'Dockerfile'), 'utf8').split('FROM').at(-1)!)![1];

describe('docker-compose.yml, read against the code', () => {
  it('sets only environment variables the configuration reads', () => {
    for (const service of [web, worker]) {
      for (const name of Object.keys(service.environment ?? {})) expect(configurationVariables, name).to.include(name);
    }
  });

  it('gives no secret a default anyone who read the file knows', () => {
    for (const name of ['JWT_SECRET', 'SECRETS_KEY']) {
      const value = web.environment?.[name];
      if (value !== undefined) expect(value, name).to.equal(`\${${name}:-}`);
    }
  });

  it("keeps the data folder (secrets.key, which seals users' API keys) on one volume the web and the worker both mount", () => {
    const dataFolder = `${workdir}/data`;
    const volumeAt = (service: Service) => service.volumes?.find((volume) => volume.endsWith(`:${dataFolder}`))?.split(':')[0];
    expect(volumeAt(web), 'web').to.be.a('string');
    expect(volumeAt(worker), 'worker').to.equal(volumeAt(web));
    expect(worker.environment).to.deep.equal(web.environment);
  });

  it("runs the worker and the command-line tools it names from bundles the build makes, and checks the web's health at /api/health", () => {
    serverBundle();
    const [runtime] = worker.command ?? [];
    expect(runtime).to.equal('node');
    const bundles = new Set(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8').match(/backend\/dist\/[\w-]+\.js/g));
    expect([...bundles]).to.include.members(['backend/dist/worker.js', 'backend/dist/projections-rebuild.js', 'backend/dist/import.js']);
    for (const bundle of bundles) expect(existsSync(path.join(root, bundle)), bundle).to.equal(true);
    expect(web.healthcheck?.test.join(' ')).to.include("fetch('http://127.0.0.1:5000/api/health')");
  });
});

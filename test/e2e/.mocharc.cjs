// Browser tests: each file starts its own server, database and Chromium, so files run side by side in
// worker processes. Workers take files in order, so the longest start first and the workers end
// together; every other file follows in name order.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const longestFirst = ['accessibility', 'screens', 'bank-detail', 'outreach-records', 'outreach-mail', 'outreach-automation'];
const all = fs
  .readdirSync(__dirname)
  .filter((file) => file.endsWith('.e2e.ts'))
  .map((file) => file.slice(0, -'.e2e.ts'.length))
  .sort();
const ordered = [...longestFirst.filter((name) => all.includes(name)), ...all.filter((name) => !longestFirst.includes(name))];

module.exports = {
  'node-option': ['import=tsx'],
  spec: ordered.map((name) => path.join('test/e2e', `${name}.e2e.ts`)),
  require: ['test/e2e/support/hooks.ts'],
  parallel: true,
  // Two workers even on two cores: much of a browser test is waiting on the page.
  jobs: Math.min(Math.max(2, os.availableParallelism()), 4),
  timeout: 120000,
  slow: 10000,
  reporter: 'spec',
  exit: true,
};

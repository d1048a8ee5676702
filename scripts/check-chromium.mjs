// Before the browser tests: one line saying how to get Chromium when it is missing, instead of every test failing.
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Browser tests need Chromium at ${chromium}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH to a Chromium binary).`);
  process.exit(1);
}

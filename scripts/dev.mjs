// `npm run dev`: the API on :5000 (restarted on change) and Vite on :5173 proxying /api to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'backend/src/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'frontend/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });

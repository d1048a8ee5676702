import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export type ToolRun = { code: number | null; lines: string[]; stdout: string[]; stderr: string[] };

const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/**
 * Runs a command-line tool (a script under tsx, from the repository's root) to its exit with only
 * `env` and PATH: its exit code, every line it wrote as it came (`lines`), and each stream's own.
 */
export async function runTool(args: string[], env: NodeJS.ProcessEnv): Promise<ToolRun> {
  const tool = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stdout = '';
  let stderr = '';
  tool.stdout.setEncoding('utf8').on('data', (chunk: string) => ((output += chunk), (stdout += chunk)));
  tool.stderr.setEncoding('utf8').on('data', (chunk: string) => ((output += chunk), (stderr += chunk)));
  const code = await new Promise<number | null>((resolve) => tool.once('exit', (exitCode) => resolve(exitCode)));
  return { code, lines: linesOf(output), stdout: linesOf(stdout), stderr: linesOf(stderr) };
}

// One step of a GitHub Actions workflow run here as a runner runs it: its `run:` script, with
// bash's options as GitHub gives them, RUNNER_TEMP and GITHUB_OUTPUT set. Reads only the step's
// block scalar (`run: |`), which is all the sync workflow's steps use, so no YAML library.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The `run: |` script of the step with `id: ID`, its `${{ … }}` expressions replaced by `expression`. */
export function stepScript(workflow: string, id: string, expression = ''): string {
  const lines = workflow.split('\n');
  const at = lines.findIndex((line) => line.trim() === `id: ${id}`);
  if (at < 0) throw new Error(`the workflow has no step with id: ${id}`);
  const runAt = lines.findIndex((line, i) => i > at && /^\s*run: \|$/.test(line));
  if (runAt < 0) throw new Error(`the step ${id} has no "run: |" script`);
  const indent = (lines[runAt] as string).search(/\S/);
  const body: string[] = [];
  for (const line of lines.slice(runAt + 1)) {
    if (line.trim() !== '' && line.search(/\S/) <= indent) break;
    body.push(line);
  }
  const margin = Math.min(...body.filter((l) => l.trim() !== '').map((l) => l.search(/\S/)));
  return body
    .map((l) => l.slice(margin))
    .join('\n')
    .replace(/\$\{\{[^}]*\}\}/g, expression);
}

export interface StepRun {
  status: number | null;
  /** stdout and stderr, interleaved as they came */
  out: string;
  /** what the step wrote to $GITHUB_OUTPUT */
  output: string;
}

/** Runs `script` with bash in `cwd`, not blocking this process (fakes answering from it keep answering). */
export function runStep(script: string, cwd: string, runnerTemp: string, env: Record<string, string | undefined>): Promise<StepRun> {
  mkdirSync(runnerTemp, { recursive: true });
  const outputFile = join(runnerTemp, 'github-output');
  writeFileSync(outputFile, '');
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
    cwd,
    env: { ...env, RUNNER_TEMP: runnerTemp, GITHUB_OUTPUT: outputFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, out, output: readFileSync(outputFile, 'utf8') }));
  });
}

// `reviews`: one command for a site, each subcommand described in ./commands.ts. Runs in the
// site's folder; every refusal is one sentence with what to do next, and a non-zero exit.
import { existsSync } from 'node:fs';
import { ConfigError } from '../../src/settings/config-file.ts';
import { type Entry, ENTRIES } from '../../src/package/entries.ts';
import { readSettings } from '../../src/settings/index.ts';
import { toolBin } from '../run/processes.ts';
import { checkContent } from './check.ts';
import { COMMANDS, type CommandName, commandHelp, isCommand, mainHelp } from './commands.ts';
import { printConfig } from './config.ts';
import { doctor } from './doctor.ts';
import { CliError } from './errors.ts';
import { init } from './init.ts';
import { packageJson } from './package-info.ts';
import { runScript } from './run-script.ts';
import { SERVE } from './serve-profile.ts';
import { readSiteEnv } from './site-env.ts';
import { upgrade } from './upgrade.ts';

const PREVIEWS: Record<string, { script: Entry; args: string[]; tool: string }> = {
  worker: { script: ENTRIES.previewWorker, args: [], tool: 'wrangler' },
  pages: { script: ENTRIES.previewHost, args: ['pages'], tool: 'wrangler' },
  netlify: { script: ENTRIES.previewHost, args: ['netlify'], tool: 'netlify-cli' },
};

/** A host's tool, which a site installs only when it uses that host (wrangler comes with init). */
function needTool(pkg: string): void {
  try {
    toolBin(pkg, 'package.json');
  } catch (error) {
    throw new CliError(`${(error as Error).message}.`);
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { version } = packageJson();
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(mainHelp(version));
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-v') {
    console.log(version);
    return 0;
  }
  if (!isCommand(command)) throw new CliError(`There is no command "${command}"; run \`reviews --help\` to see the commands.`);
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(commandHelp(command));
    return 0;
  }
  if (command === 'init') return init(rest, version);
  const site = readSiteEnv(process.cwd());
  const run = (script: Entry, args: readonly string[] = [], extra: Record<string, string> = {}, nodeFlags: readonly string[] = []) =>
    runScript({ script, args, env: { ...site.env, ...extra }, nodeFlags });
  switch (command as Exclude<CommandName, 'init'>) {
    case 'import':
      return run(ENTRIES.import, rest);
    case 'verify':
      return run(ENTRIES.verify, rest);
    case 'check':
      return checkContent(site.env);
    case 'dev':
      return run(ENTRIES.dev, rest);
    case 'build':
      return run(ENTRIES.build, rest);
    case 'serve': {
      const { outDir } = readSettings(site.env);
      if (!existsSync(outDir))
        throw new CliError(`There is no build in ${outDir} yet; run \`reviews build\` first, or \`reviews start\`, which builds and then serves.`);
      return run(SERVE.script, rest, SERVE.env, SERVE.nodeFlags);
    }
    case 'start': {
      const built = await run(ENTRIES.build);
      return built === 0 ? run(SERVE.script, rest, SERVE.env, SERVE.nodeFlags) : built;
    }
    case 'preview': {
      const preview = PREVIEWS[rest[0] ?? ''];
      if (!preview) throw usage('preview', `name what to preview: ${Object.keys(PREVIEWS).join(', ')}`);
      needTool(preview.tool);
      return run(preview.script, [...preview.args, ...rest.slice(1)]);
    }
    case 'deploy':
      // `cloudflare`: the name of `worker` before 1.1, kept for one release
      if (rest[0] !== 'worker' && rest[0] !== 'cloudflare') throw usage('deploy', 'name what to deploy: worker');
      needTool('wrangler');
      return run(ENTRIES.deploy, rest.slice(1));
    case 'secret':
      return run(ENTRIES.secret, rest);
    case 'status':
      return run(ENTRIES.status, rest);
    case 'sync':
      return run(ENTRIES.sync, rest);
    case 'sync-check':
      return run(ENTRIES.syncCheck, rest);
    case 'publish':
      return run(ENTRIES.publish, rest);
    case 'config':
      return printConfig(site.layers);
    case 'doctor':
      return doctor(rest, process.cwd(), site.env, site.layers.file);
    case 'upgrade':
      return upgrade(rest, process.cwd());
    case 'hub':
      if (rest[0] !== 'backup') throw usage('hub', 'name what to do with the hub: backup');
      return run(ENTRIES.hubBackup, rest.slice(1));
  }
}

const usage = (command: CommandName, what: string) =>
  new CliError(`${what[0]?.toUpperCase()}${what.slice(1)}, as in \`${COMMANDS[command].example}\` (reviews ${command} --help).`);

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // a setting the environment or .env gives a value it does not take (src/settings/table.ts words it)
  const badSetting = error instanceof Error && /^Setting [A-Z0-9_]+ must /.test(error.message);
  if (!(error instanceof CliError || error instanceof ConfigError || badSetting)) throw error;
  console.error(
    `reviews: ${error.message}${badSetting ? '; fix it in the environment, .env or reviews.config.json (reviews config shows where it comes from).' : ''}`,
  );
  process.exitCode = 1;
}

// nginx as a baseline for serving built files: one worker process, serving the build's site
// folder, started in the foreground from a config in a temporary folder. Debian's nginx
// (`.ci/run` installs it with the other Debian tools).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../scripts/run/host-emulators.ts';
import { tempDir } from '../../scripts/run/processes.ts';

export interface Nginx {
  url: string;
  stop: () => Promise<void>;
}

export function hasNginx(): boolean {
  return spawnSync('nginx', ['-v']).status === 0;
}

export async function startNginx(root: string): Promise<Nginx> {
  const prefix = tempDir('nginx');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'logs', 'error.log')};
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri =404; }
  }
}
`,
  );
  // the worker runs as the user who runs the benchmark (nginx starts it as nobody under root), so it can read our temporary folders
  const child: ChildProcess = spawn('nginx', ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}/`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

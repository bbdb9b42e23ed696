import { DATASETS } from '../../mcp/resources.ts';
import type { LiveSite } from '../../site/live-site.ts';
import type { WorkerEnv } from './bindings.ts';
import { isolateFiles } from './isolate-files.ts';

/** Every built file the tools and resources read: the datasets. */
const MCP_FILES = DATASETS.map((d) => d.path);

/** The build as MCP reads it in this isolate (the entry's or a Durable Object's), its files loaded from the static assets. */
export async function mcpSite(env: WorkerEnv): Promise<LiveSite> {
  const files = isolateFiles(env);
  await files.load(MCP_FILES);
  return files.site;
}

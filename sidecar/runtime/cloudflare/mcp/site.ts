import { SURFACE } from '../../../../src/core/http/surface.ts';
import { DATASETS } from '../../../mcp/resources.ts';
import type { LiveSite } from '../../../site/live-site.ts';
import type { WorkerBuild, WorkerEnv } from '../bindings.ts';
import type { AssetSite } from '../live-site.ts';
import { isolateFiles } from '../live-site.ts';

declare const __WORKER_BUILD__: WorkerBuild;

/** Every built file the tools and resources read: the datasets and the MCP App. */
const MCP_FILES = [...DATASETS.map((d) => d.path), SURFACE.mcpApp.path];

/**
 * The build as MCP reads it in this isolate (the entry's or a Durable Object's): the datasets,
 * the app and the packed search index loaded from the static assets.
 */
export async function mcpFiles(env: WorkerEnv): Promise<AssetSite> {
  const files = isolateFiles(__WORKER_BUILD__, env.ASSETS);
  await Promise.all([files.load(MCP_FILES), files.loadSearch()]);
  return files;
}

export async function mcpSite(env: WorkerEnv): Promise<LiveSite> {
  return (await mcpFiles(env)).site;
}

// npm run hub:backup [-- <destination>]: an online backup of HUB_DB, safe while the sidecar runs.
// Without a destination it writes <HUB_DB>.<UTC timestamp>.backup beside the database.
import { backupHub } from '../sidecar/runtime/node/hub/backup.ts';
import { readHubSettings } from '../sidecar/runtime/node/hub/index.ts';

const { dbPath } = readHubSettings(process.env);
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const destination = process.argv[2] ?? `${dbPath}.${stamp}.backup`;
try {
  const { subscriptions, pages } = await backupHub(dbPath, destination);
  console.log(`Backed up ${dbPath} to ${destination}: ${subscriptions} subscription(s), ${pages} page(s), checked with quick_check.`);
} catch (error) {
  console.error(`hub:backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

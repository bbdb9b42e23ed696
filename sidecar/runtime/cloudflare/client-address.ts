import { getConnInfo } from 'hono/cloudflare-workers';
import type { ClientAddress } from '../../http/client-address.ts';

/** Who is calling, as Cloudflare's edge saw it (CF-Connecting-IP). */
export const workerClientAddress: ClientAddress = (c) => getConnInfo(c).remote.address;

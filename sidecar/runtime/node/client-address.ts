import type { HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ClientAddress } from '../../http/client-address.ts';

/** The socket's peer under @hono/node-server; none for a request made in process (`app.request`). */
export const nodeClientAddress: ClientAddress = (c) => ((c.env as Partial<HttpBindings> | undefined)?.incoming ? getConnInfo(c).remote.address : undefined);

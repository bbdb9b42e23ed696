/** How the server names itself, on both eras (initialize, server/discover, result _meta). */
export const SERVER_INFO = { name: 'reviews-service', version: '1.0.0' } as const;

/** What the server offers, the same on both eras (initialize and server/discover). */
export const SERVER_CAPABILITIES = { tools: {}, resources: { subscribe: true }, completions: {} };

// What a person or an agent needs to connect to the MCP endpoint, shared by /openapi.json,
// /llms.txt, the /api/ page, the registry metadata and the server itself: its identity and
// revisions are defined here once. The tools' names and order are defined here once; the server
// (sidecar/mcp/tools/, one file per tool) lists exactly these, and the type below makes a
// missing or extra tool in these docs a compile error.

/** How the server names itself, on both eras (initialize, server/discover, result _meta, server.json, the server card). */
export const MCP_SERVER_INFO = { name: 'reviews-service', version: '1.0.0' } as const;

/** The revisions /mcp speaks: 2026-07-28 statelessly, the rest through initialize and a session. */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

/** The MCP protocol revision the examples use. */
export const MCP_PROTOCOL_VERSION = '2025-06-18';

/** Every MCP tool, in the fixed order tools/list gives them on both eras. */
export const MCP_TOOL_NAMES = ['get_business', 'search_reviews', 'get_review', 'get_reviews_since', 'get_insights'] as const;
export type McpToolName = (typeof MCP_TOOL_NAMES)[number];

export interface McpToolInfo {
  name: McpToolName;
  /** For people (the API page, llms.txt); the model reads the tool's own description. */
  description: string;
  /** Example arguments, as JSON. */
  arguments: string;
}

const DOCS: Record<McpToolName, Omit<McpToolInfo, 'name'>> = {
  get_business: {
    description: 'The business: name, contact details, address, service areas, services, technicians and the aggregate rating.',
    arguments: '{}',
  },
  search_reviews: {
    description: 'Reviews matching text, star, date, technician and service filters, paged; the same parameters and result as GET /api/reviews/search.',
    arguments: '{"query": "water heater", "min_rating": 4, "limit": 5}',
  },
  get_review: {
    description: 'One review by its id, with every field.',
    arguments: '{"id": "r-000640"}',
  },
  get_reviews_since: {
    description: 'Reviews written on or after a date, newest first, paged.',
    arguments: '{"date": "2026-01-01", "limit": 20}',
  },
  get_insights: {
    description: 'Aspect sentiment, technicians, services and areas, topics, FAQ and summary; or one section of them.',
    arguments: '{"section": "aspects"}',
  },
};

export const MCP_TOOLS: readonly McpToolInfo[] = MCP_TOOL_NAMES.map((name) => ({ name, ...DOCS[name] }));

// What a person or an agent needs to connect to the MCP endpoint, shared by /openapi.json,
// /llms.txt and the /api/ page. The server itself lives in sidecar/mcp; keep this list in
// step with the tools it registers (interface spec: get_business and search_reviews).

/** The protocol revision the examples use (interface spec, Versioning 3). */
export const MCP_PROTOCOL_VERSION = '2025-06-18';

export interface McpToolInfo {
  name: string;
  description: string;
  arguments: string;
}

export const MCP_TOOLS: readonly McpToolInfo[] = [
  {
    name: 'get_business',
    description: 'The business: name, contact details, service areas, services, technicians and the aggregate rating.',
    arguments: '{}',
  },
  {
    name: 'search_reviews',
    description: 'Reviews matching filters, with full review fields; the same parameters and result as GET /api/reviews/search.',
    arguments: '{"rating": 5, "limit": 3} (any search parameter)',
  },
];

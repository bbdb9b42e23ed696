// What a person or an agent needs to connect to the MCP endpoint, shared by /openapi.json,
// /llms.txt and the /api/ page. The server itself is sidecar/mcp (tools/ holds one file per
// tool); test/site/openapi.test.ts asks the running server for its tools and fails when
// this list and the server disagree.

/** The MCP protocol revision the examples use. */
export const MCP_PROTOCOL_VERSION = '2025-06-18';

export interface McpToolInfo {
  name: string;
  description: string;
  /** Example arguments, as JSON. */
  arguments: string;
}

export const MCP_TOOLS: readonly McpToolInfo[] = [
  {
    name: 'get_business',
    description: 'The business: name, contact details, address, service areas, services, technicians and the aggregate rating.',
    arguments: '{}',
  },
  {
    name: 'search_reviews',
    description: 'Reviews matching text, star, date, technician and service filters, paged; the same parameters and result as GET /api/reviews/search.',
    arguments: '{"query": "water heater", "min_rating": 4, "limit": 5}',
  },
  {
    name: 'get_review',
    description: 'One review by its id, with every field.',
    arguments: '{"id": "r-000640"}',
  },
  {
    name: 'get_reviews_since',
    description: 'Reviews written on or after a date, newest first, paged.',
    arguments: '{"date": "2026-01-01", "limit": 20}',
  },
  {
    name: 'get_insights',
    description: 'Aspect sentiment, technicians, services and areas, topics, FAQ and summary; or one section of them.',
    arguments: '{"section": "aspects"}',
  },
];

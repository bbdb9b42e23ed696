// /mcp in the OpenAPI document: the JSON-RPC POST of both protocol eras, a 2025 session's event
// stream and its end.
import { PATHS } from '../http/urls.ts';
import { fill } from '../text/fill.ts';
import { schemaRef } from './json-schema.ts';
import { MCP_PROTOCOL_VERSION, MCP_TOOLS } from './mcp.ts';
import { descriptionOf, json, named, type Obj, partOf, ref, TEXT } from './operation.ts';

export function mcpPath(): Obj {
  const tools = MCP_TOOLS.map((t) => `${t.name} (${t.description.replace(/\.$/, '')})`).join('; ');
  return {
    [PATHS.mcp]: {
      description: fill(TEXT.mcp, { version: MCP_PROTOCOL_VERSION, tools }),
      post: {
        ...named('mcpRequest', ['MCP']),
        parameters: [
          ref('parameters', 'Mcp-Session-Id'),
          ref('parameters', 'MCP-Protocol-Version'),
          { name: 'Accept', in: 'header', required: true, schema: { type: 'string', const: 'application/json, text/event-stream' } },
          {
            name: 'Mcp-Method',
            in: 'header',
            required: false,
            description: partOf('mcpRequest', 'parameters', 'Mcp-Method'),
            schema: { type: 'string' },
          },
          {
            name: 'Mcp-Name',
            in: 'header',
            required: false,
            description: partOf('mcpRequest', 'parameters', 'Mcp-Name'),
            schema: { type: 'string' },
          },
        ],
        requestBody: { required: true, content: json(schemaRef('JsonRpcRequest')) },
        responses: {
          '200': {
            description: partOf('mcpRequest', 'responses', '200'),
            headers: { 'Mcp-Session-Id': ref('headers', 'Mcp-Session-Id') },
            content: {
              'text/event-stream': { schema: { type: 'string', description: partOf('mcpRequest', 'responses', '200-stream') } },
              ...json(schemaRef('JsonRpcResponse')),
            },
          },
          '202': { description: partOf('mcpRequest', 'responses', '202') },
          '400': {
            description: partOf('mcpRequest', 'responses', '400'),
            content: json(schemaRef('JsonRpcResponse')),
          },
          '403': { description: partOf('mcpRequest', 'responses', '403'), content: json(schemaRef('JsonRpcResponse')) },
          '404': {
            description: partOf('mcpRequest', 'responses', '404'),
            content: json(schemaRef('JsonRpcResponse')),
          },
          '406': { description: partOf('mcpRequest', 'responses', '406'), content: json(schemaRef('JsonRpcResponse')) },
          '413': { description: partOf('mcpRequest', 'responses', '413'), content: json(schemaRef('JsonRpcResponse')) },
          '415': { description: partOf('mcpRequest', 'responses', '415'), content: json(schemaRef('JsonRpcResponse')) },
          '503': {
            description: partOf('mcpRequest', 'responses', '503'),
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: json(schemaRef('JsonRpcResponse')),
          },
        },
      },
      get: {
        ...named('mcpStream', ['MCP']),
        description: descriptionOf('mcpStream'),
        parameters: [{ ...ref('parameters', 'Mcp-Session-Id') }],
        responses: {
          '200': { description: partOf('mcpStream', 'responses', '200'), content: { 'text/event-stream': { schema: { type: 'string' } } } },
          '404': { description: partOf('mcpStream', 'responses', '404'), content: json(schemaRef('JsonRpcResponse')) },
          '405': {
            description: partOf('mcpStream', 'responses', '405'),
            headers: { Allow: ref('headers', 'Allow') },
            content: json(schemaRef('JsonRpcResponse')),
          },
        },
      },
      delete: {
        ...named('mcpEndSession', ['MCP']),
        parameters: [{ ...ref('parameters', 'Mcp-Session-Id') }],
        responses: {
          '200': { description: partOf('mcpEndSession', 'responses', '200') },
          '400': { description: partOf('mcpEndSession', 'responses', '400'), content: json(schemaRef('JsonRpcResponse')) },
          '404': { description: partOf('mcpEndSession', 'responses', '404'), content: json(schemaRef('JsonRpcResponse')) },
        },
      },
    },
  };
}

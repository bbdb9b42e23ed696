// POST /api/websub/hub in the OpenAPI document: what a subscriber and a publisher send, and each
// answer with an example of its one-line reason.
import { SURFACE } from '../http/surface.ts';
import { type SiteUrls, topicUrls } from '../http/urls.ts';
import { schemaRef } from './json-schema.ts';
import { descriptionOf, named, type Obj, operationOf, partOf, plainText, ref } from './operation.ts';

export function hubPath(urls: SiteUrls): Obj {
  const id = operationOf(SURFACE.hub);
  return {
    [SURFACE.hub.path]: {
      post: {
        ...named(id, ['WebSub']),
        description: descriptionOf(id, { topics: topicUrls(urls).join(', ') }),
        requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: schemaRef('HubForm') } } },
        responses: {
          '202': {
            description: partOf(id, 'responses', '202'),
            headers: { 'Cache-Control': ref('headers', 'No-Store') },
            content: plainText('Accepted: the hub will confirm this subscribe request with a GET to the callback'),
          },
          '400': {
            description: partOf(id, 'responses', '400'),
            content: plainText('hub.callback must be an https: URL'),
          },
          '413': { description: partOf(id, 'responses', '413'), content: plainText('Request body is larger than 8192 bytes') },
          '415': { description: partOf(id, 'responses', '415'), content: plainText('Request body must be application/x-www-form-urlencoded') },
          '429': {
            description: partOf(id, 'responses', '429'),
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: plainText('Too many requests for callbacks on example.org'),
          },
          '503': { description: partOf(id, 'responses', '503'), content: plainText('The topics could not be read; try again later') },
        },
      },
    },
  };
}

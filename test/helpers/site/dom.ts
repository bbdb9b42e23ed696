// A few DOM helpers over parse5's tree (the spec-compliant HTML parser browsers follow).
import { parse } from 'parse5';

export interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
  value?: string;
}

export const parseHtml = (html: string) => parse(html) as unknown as Node;

export function* walk(node: Node): Generator<Node> {
  yield node;
  for (const child of node.childNodes ?? []) yield* walk(child);
  if (node.content) yield* walk(node.content);
}

export const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;

export const elements = (root: Node, tag: string) => [...walk(root)].filter((n) => n.tagName === tag);

export const byId = (root: Node, id: string) => [...walk(root)].find((n) => attr(n, 'id') === id);

export function text(node: Node): string {
  if (node.nodeName === '#text') return node.value ?? '';
  return (node.childNodes ?? []).map(text).join('');
}

export const hasClass = (node: Node, cls: string) => (attr(node, 'class') ?? '').split(/\s+/).includes(cls);

// The one export of workerd's built-in module the entry uses: the bindings, readable in the global scope.
declare module 'cloudflare:workers' {
  export const env: unknown;
}

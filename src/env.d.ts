/// <reference types="astro/client" />

declare module 'virtual:reviews-service/build-context' {
  const context: import('./build/context-module.ts').BuildContext;
  export default context;
}

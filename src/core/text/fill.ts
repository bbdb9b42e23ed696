// The long texts (the OpenAPI descriptions, llms.txt) live in JSON catalogues beside the code
// that uses them, the one file form that Astro, Node, vitest, wrangler's esbuild and tsc all
// import. A text is a string or the lines of one paragraph; `{{name}}` marks a value the code
// fills in (double braces, because the texts themselves show paths such as /reviews/{id}).

/** A catalogue text: one string, or pieces joined as written (each carries its own spaces). */
export type Text = string | readonly string[];

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The text with each `{{name}}` replaced by `values[name]`; a placeholder without a value throws. */
export function fill(text: Text, values: Readonly<Record<string, string | number>> = {}): string {
  const joined = typeof text === 'string' ? text : text.join('');
  return joined.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The text "${joined.slice(0, 60)}…" needs a value for {{${name}}}`);
    return String(value);
  });
}

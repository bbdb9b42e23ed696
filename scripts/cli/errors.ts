/** A refusal of the `reviews` command: one plain sentence and what to do next, printed without a stack. */
export class CliError extends Error {
  override name = 'CliError';
}

// An entry script's arguments: node:util's parseArgs, with its refusal given back as words for
// the script to print beside its usage, rather than thrown.
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** The arguments by `config`, or why they are not (node's sentence). */
export function argumentsOr<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> | string {
  try {
    return parseArgs(config);
  } catch (err) {
    return (err as Error).message;
  }
}

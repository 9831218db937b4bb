import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

type OptionValues = Record<string, string | boolean | undefined>;

/**
 * A command's options, parsed strictly with `--help` / `-h` added: the values, or the exit code once the usage was
 * printed (2 after an unknown or malformed option, 0 for help; `help` is what --help prints, the usage by default).
 */
export function parseCliOptions(
  args: string[],
  options: ParseArgsOptionsConfig,
  usage: string,
  help = usage,
): OptionValues | number {
  let values: OptionValues;
  try {
    ({ values } = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(help);
    return 0;
  }
  return values;
}

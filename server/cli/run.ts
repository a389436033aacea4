import { parseArgs } from 'node:util';
import { loadConfig, type AppConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Db } from '../db/schema';
import { DomainError } from '../errors/domain-error';

/** A command's options, all named (`--points 10`, `--rascunho`). */
export type CliOptions = Record<string, { readonly type: 'string' | 'boolean'; readonly multiple?: boolean }>;

/** A `multiple` option (`--item a --item b`) gives every value, in order. */
type CliValues<O extends CliOptions> = {
  readonly [K in keyof O]?: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K] extends { readonly multiple: true }
      ? string[]
      : string;
};

/** How the review commands (invoices, projects) give what their actions ask for. */
export const REVIEW_INPUT_OPTIONS = {
  points: '--points N',
  reason: '--reason "motivo"',
  confirmed: '--confirm',
} as const;

/** Thrown by a command whose arguments do not make sense: the message, if any, and the usage; exit code 2. */
export class UsageError extends Error {
  constructor(readonly detail?: string) {
    super(detail ?? 'uso');
  }
}

export interface CommandContext<O extends CliOptions> {
  readonly positionals: readonly string[];
  readonly values: CliValues<O>;
  /** The server's settings (DATA_DIR, DATABASE_URL…), read on first use. */
  readonly config: AppConfig;
  /** The server's database, opened and migrated on first use and closed when the command ends. */
  database(): Promise<Db>;
  /** The club's clock (config.now), the one the server's services use. */
  now(): Date;
  /** One line for the operator. */
  print(line: string): void;
}

export interface CliCommand<O extends CliOptions> {
  /** pt-BR, printed on a wrong command or option. */
  readonly usage: string;
  readonly options?: O;
  /** Settings for loadConfig instead of the process's environment (a copy that needs no secret of its own). */
  readonly env?: () => NodeJS.ProcessEnv;
  /**
   * The option that gives each input a module's action may ask for (`{ points: '--points N' }`): the action's
   * message names the input as the painel does, and the terminal adds how to give it here.
   */
  readonly inputOptions?: Readonly<Record<string, string>>;
  /** Resolves with the exit code (0 when nothing is returned). */
  readonly run: (context: CommandContext<O>) => Promise<number | void>;
}

/**
 * `--points -3` as `--points=-3`: parseArgs takes a value that starts with a hyphen for another option, and the
 * operator then reads a usage instead of why the value is refused.
 */
function valuesJoined(argv: readonly string[], options: CliOptions): string[] {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const next = argv[i + 1];
    if (arg.startsWith('--') && options[arg.slice(2)]?.type === 'string' && next?.startsWith('-')) {
      args.push(`${arg}=${next}`);
      i += 1;
    } else {
      args.push(arg);
    }
  }
  return args;
}

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * Runs one terminal command: its arguments through node's parseArgs (an unknown option is a usage error), the
 * settings and the database only when the command asks for them, the database closed whatever happens. Exit codes:
 * 0 done, 1 refused or failed (the message alone, never a stack: an operator reads it), 2 wrong usage.
 */
export async function runCommand<O extends CliOptions>(
  command: CliCommand<O>,
  argv: readonly string[],
  output: CliOutput = console,
): Promise<number> {
  let parsed: { positionals: string[]; values: Record<string, unknown> };
  try {
    const options = command.options ?? {};
    parsed = parseArgs({ args: valuesJoined(argv, options), allowPositionals: true, strict: true, options });
  } catch {
    output.error(command.usage);
    return 2;
  }
  let config: AppConfig | undefined;
  let db: Db | undefined;
  const configOf = () => (config ??= loadConfig(command.env?.() ?? process.env));
  const context: CommandContext<O> = {
    positionals: parsed.positionals,
    values: parsed.values as CliValues<O>,
    get config() {
      return configOf();
    },
    async database() {
      if (!db) {
        db = createDatabase(configOf().database);
        await migrateToLatest(db);
      }
      return db;
    },
    now: () => new Date(configOf().now()),
    print: (line) => output.log(line),
  };
  try {
    return (await command.run(context)) ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.detail) output.error(error.detail);
      output.error(command.usage);
      return 2;
    }
    const option = error instanceof DomainError && error.field ? command.inputOptions?.[error.field] : undefined;
    output.error(error instanceof Error ? `${error.message}${option ? ` Use ${option}.` : ''}` : String(error));
    return 1;
  } finally {
    await db?.destroy();
  }
}

/** The entry point of a `server/cli/*.ts` file: runs the command with the process's arguments and exits. */
export function runCli<O extends CliOptions>(command: CliCommand<O>): void {
  void runCommand(command, process.argv.slice(2)).then((code) => process.exit(code));
}

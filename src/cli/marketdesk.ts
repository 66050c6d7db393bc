/**
 * `marketdesk`: the command line over core/ (the package's bin; `npm run cli -- …`).
 * `run` is the whole program as a function of its arguments, environment and output,
 * so tests drive it in-process; running this file directly runs it on the process.
 *
 * Exit status: 0 success (also cached data shown while offline); 1 API, network or
 * cache failure, or any requested code without a record; 2 usage mistakes.
 */
import { pathToFileURL } from 'node:url';
import { DEFAULT_TIMEOUT_MS, type Clock } from '../core/api';
import { redactSecrets } from '../core/redact';
import { parseCommand, PLAN_CHOICES, TIMEOUT_CHOICES, UsageError } from './args';
import { cacheCommand } from './commands/cache';
import type { Command } from './commands/command';
import { depthCommand } from './commands/depth';
import { infoCommand } from './commands/info';
import { klinesCommand } from './commands/klines';
import { holidaysCommand, iposCommand, splitsCommand, statusCommand } from './commands/market-time';
import { newsCommand } from './commands/news';
import { quotesCommand, ticksCommand } from './commands/quotes';
import { recordCommand } from './commands/record';
import { searchCommand } from './commands/search';
import { watchCommand } from './commands/watch';
import { CliContext, type Env } from './context';
import { processOutput, type Output } from './output';
import { errorMessage } from '../shared/errors';

/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  quotesCommand,
  depthCommand,
  klinesCommand,
  ticksCommand,
  infoCommand,
  searchCommand,
  newsCommand,
  statusCommand,
  holidaysCommand,
  splitsCommand,
  iposCommand,
  watchCommand,
  cacheCommand,
  recordCommand,
];

const GLOBAL_HELP = `Global options:
  --base-url URL   API address (env MARKETDESK_BASE_URL; default the real service)
  --token T        API token (env MARKETDESK_TOKEN); never printed or stored
                   With neither, answers come from the built-in demo simulator (said on stderr).
  --plan P         ${PLAN_CHOICES} (env MARKETDESK_PLAN): codes per request
  --timeout S      how long one request may take: ${TIMEOUT_CHOICES} (env MARKETDESK_TIMEOUT;
                   default ${DEFAULT_TIMEOUT_MS / 1000})
  --json           print exactly one JSON document on stdout
  --no-cache       neither read nor write the offline cache
  -h, --help       help for a command

Exit status: 0 ok (also cached data shown while offline), 1 API/network/cache error
or a requested code without data, e.g. an unknown symbol (the rest is still printed),
2 usage error.`;

/** The text of `marketdesk --help`. */
export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const list = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return `Usage: marketdesk <command> [options]

Market data from the command line: quotes, order books, candles, ticks, company data
and news, with an offline cache shared with the Marketdesk app.

Commands:
${list}

${GLOBAL_HELP}

Run marketdesk <command> --help for a command's options.
`;
}

/** Global options that take a value: their value is not the command name. */
const VALUED_GLOBALS = new Set(['--base-url', '--token', '--plan', '--timeout']);

/** Finds the command name, allowing global options before it (`marketdesk --json quotes …`). */
function splitCommand(argv: readonly string[]): { name: string | undefined; rest: string[] } {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (!arg.startsWith('-'))
      return { name: arg, rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
    if (VALUED_GLOBALS.has(arg)) i++;
  }
  return { name: undefined, rest: [...argv] };
}

/** What a run may be given besides its arguments, environment and output (tests). */
export interface RunOptions {
  /** The API client's clock (rate-limit and retry waits); default the system's. */
  clock?: Clock;
  /** The wall clock of the command (market states); default Date.now. Tests set it. */
  now?: () => number;
}

/** Runs the command line; resolves to the exit status. Never throws, never prints a stack. */
export async function run(
  argv: readonly string[],
  env: Env,
  io: Output,
  options: RunOptions = {},
): Promise<number> {
  let ctx: CliContext | undefined;
  try {
    const { name, rest } = splitCommand(argv);
    if (name === undefined || name === 'help') {
      const topic = name === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
      if (name === undefined) parseCommand(rest, {}, env); // unknown options are still mistakes
      io.out(topic ? `${topic.help}\n\n${GLOBAL_HELP}\n` : mainHelp());
      return 0;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (!command) {
      throw new UsageError(
        `unknown command "${name}" (commands: ${COMMANDS.map((c) => c.name).join(', ')})`,
      );
    }
    const parsed = parseCommand(rest, command.options, env);
    if (parsed.global.help) {
      io.out(`${command.help}\n\n${GLOBAL_HELP}\n`);
      return 0;
    }
    ctx = new CliContext(io, env, parsed.global, options.now ?? Date.now, options.clock);
    return await command.run(ctx, parsed.values as Record<string, unknown>, parsed.positionals);
  } catch (error) {
    const usage = error instanceof UsageError;
    const message = errorMessage(error);
    io.err(`marketdesk: ${redact(message, knownTokens(argv, env))}${usage ? hint(argv) : ''}\n`);
    if (!usage && env['MARKETDESK_DEBUG'] && error instanceof Error) io.err(`${error.stack}\n`);
    return usage ? 2 : 1;
  } finally {
    await ctx?.close();
  }
}

/** Points at the help where the mistake was made. */
function hint(argv: readonly string[]): string {
  const name = splitCommand(argv).name;
  const known = COMMANDS.some((c) => c.name === name);
  return ` (see marketdesk ${known ? `${name} ` : ''}--help)`;
}

/** The tokens the user gave, found even when parsing itself failed. */
function knownTokens(argv: readonly string[], env: Env): string[] {
  const found = [env['MARKETDESK_TOKEN']];
  argv.forEach((arg, i) => {
    if (arg === '--token') found.push(argv[i + 1]);
    else if (arg.startsWith('--token=')) found.push(arg.slice('--token='.length));
  });
  return found.filter((t): t is string => t !== undefined && t !== '');
}

/**
 * Belt and braces: no message ever carries the token, even one echoed back by a server
 * (the client already blanks it from its errors). The app's mask, whole values only, so
 * a short token neither garbles a message nor needs to be let through.
 */
function redact(text: string, tokens: readonly string[]): string {
  return redactSecrets(text, tokens);
}

/** Runs on the real process: arguments, environment, stdout/stderr, exit status. */
export async function main(): Promise<void> {
  // `marketdesk klines … | head` closes the pipe early: stop quietly, as Unix tools do.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  process.exitCode = await run(process.argv.slice(2), process.env, processOutput());
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  await main();
}

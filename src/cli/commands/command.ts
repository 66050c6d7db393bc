/**
 * The shape of a command and the pieces most of them share: the market options
 * (`<class> --region --exchange`), and printing a per-code outcome.
 */
import type { ParseArgsConfig } from 'node:util';
import { isServed } from '../../shared/api/operations';
import {
  NUMERIC_SETTING_LABELS,
  type AssetClass,
  type DataSourceId,
  type Instrument,
} from '../../shared/model';
import { formatBytes } from '../../shared/format/numbers';
import { parseAssetClass, parseBytes, requireOption, UsageError } from '../args';
import { defaultSettings } from '../../core/settings/settings-defaults';
import type { CliContext } from '../context';
import { formatTime, renderJson } from '../output';
import type { Outcome } from '../snapshot-fetch';

/** Option declarations in node:util parseArgs form. */
export type Options = NonNullable<ParseArgsConfig['options']>;

/** One `marketdesk <name>` command. */
export interface Command {
  name: string;
  /** One line for `marketdesk --help`. */
  summary: string;
  /** The full `marketdesk <name> --help` text. */
  help: string;
  options: Options;
  /** Runs with the command's own arguments (its name removed); resolves to the exit status. */
  run(ctx: CliContext, values: Values, positionals: string[]): Promise<number>;
}

/** A command's options, parsed. */
export type Values = Record<string, unknown>;

/**
 * One action of a command with actions (`cache stats`, `record ls`): it runs with the
 * options and the arguments after the action's name, and resolves to the exit status.
 */
export type Action = (ctx: CliContext, values: Values, rest: string[]) => Promise<number>;

/** Options of the commands that address a market. */
export const MARKET_OPTIONS = {
  region: { type: 'string' },
  exchange: { type: 'string' },
} as const satisfies Options;

/** Where a command's codes live: a class of `C`, the classes the command serves. */
export interface Market<C extends AssetClass = AssetClass> {
  class: C;
  region: string;
  /** Stock only; '' = the region's primary exchange. */
  exchange: string;
}

/**
 * Reads `<class> --region R [--exchange E]`. The class must be one the command's
 * endpoint exists for (`allowed`), named in the message when it is not.
 */
export function parseMarket<C extends AssetClass>(
  command: string,
  positionals: string[],
  values: Record<string, unknown>,
  allowed: readonly C[],
): Market<C> {
  const [clsText, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const cls = parseClassFor(command, clsText, allowed);
  const region = requireOption(values['region'] as string | undefined, 'region').toUpperCase();
  const exchange = ((values['exchange'] as string | undefined) ?? '').trim();
  if (exchange && cls !== 'stock') {
    throw new UsageError(`--exchange applies to stock only, not ${cls}`);
  }
  return { class: cls, region, exchange };
}

function parseClassFor<C extends AssetClass>(
  command: string,
  text: string | undefined,
  allowed: readonly C[],
): C {
  const cls = parseAssetClass(text);
  if (!isServed(allowed, cls)) {
    const which = allowed.length === 1 ? `only ${allowed[0]}` : allowed.join(', ');
    throw new UsageError(`${command}: the API has no ${command} for ${cls} (classes: ${which})`);
  }
  return cls;
}

/** The instrument of `code` in `market` (the snapshot key). */
export const instrumentIn =
  (market: Market) =>
  (code: string): Instrument => ({ ...market, code });

/**
 * Prints a per-code outcome: the records (table or one JSON document keyed by code),
 * an offline note, one stderr line per code without a record. Exit status 0 only when
 * every requested code was printed, so a script can trust a 0.
 */
export function printOutcome<T>(
  ctx: CliContext,
  outcome: Outcome<T>,
  what: string,
  table: (data: Record<string, T>, tty: boolean) => string,
): number {
  if (outcome.offline) {
    const { codes, asOf } = outcome.offline;
    const partial =
      codes.length < Object.keys(outcome.data).length ? ` for ${codes.join(', ')}` : '';
    ctx.note(`offline — showing cached ${what}${partial} as of ${formatTime(asOf)}`);
  }
  if (ctx.global.json) ctx.io.out(renderJson(outcome.data));
  else if (Object.keys(outcome.data).length > 0) ctx.io.out(table(outcome.data, ctx.io.isTTY));
  for (const line of outcome.problems) ctx.note(line);
  return outcome.problems.length > 0 ? 1 : 0;
}

/**
 * The action a command with sub-actions (`cache stats`, `record ls`) was asked for, from
 * its table by name; a missing or unknown one is a usage error naming the actions.
 */
export function actionOf<A>(command: string, actions: Record<string, A>, action?: string): A {
  const names = Object.keys(actions).join('|');
  if (!action) throw new UsageError(`${command}: missing action (${names})`);
  if (!Object.hasOwn(actions, action)) {
    throw new UsageError(`${command}: unknown action "${action}" (${names})`);
  }
  return actions[action]!;
}

/**
 * A command with sub-actions (`cache stats`, `record ls`): its first argument names the
 * action ({@link actionOf}), which runs with the options and the arguments after it.
 * `check`, when given, runs once the action is known, before it.
 */
export function actionCommand(
  spec: Omit<Command, 'run'> & {
    actions: Record<string, Action>;
    check?: (ctx: CliContext) => void;
  },
): Command {
  const { actions, check, ...command } = spec;
  return {
    ...command,
    async run(ctx, values, positionals) {
      const [action, ...rest] = positionals;
      const run = actionOf(command.name, actions, action);
      check?.(ctx);
      return run(ctx, values, rest);
    },
  };
}

/** Refuses arguments after an action that takes none (`cache stats x`, `record ls x`). */
export function noArguments(command: string, action: string, rest: string[]): void {
  if (rest.length > 0)
    throw new UsageError(`${command} ${action}: unexpected argument "${rest[0]}"`);
}

/** The settings a `prune` reads its default budget from. */
type BudgetSetting = 'cacheBudgetBytes' | 'recordingBudgetBytes';

/**
 * A `prune` action's help: what it deletes (`does`), then its default, the app's own
 * setting as {@link pruneBudget} reads it, and the sizes `--budget` takes.
 */
export function pruneHelp(does: string, setting: BudgetSetting): string {
  const size = formatBytes(defaultSettings()[setting]);
  return `  prune [--budget SIZE] ${does}
                        (default: the app's ${NUMERIC_SETTING_LABELS[setting]} setting, ${size} unless
                        changed; 500MB = 500×10⁶ bytes, 512MiB = 512×2²⁰)`;
}

/** The option a `prune` action reads ({@link pruneBudget}). */
export const PRUNE_OPTIONS = { budget: { type: 'string' } } as const satisfies Options;

/**
 * The size a `prune` fits into: `--budget`, else the app's own setting for it (Settings,
 * read from the data folder), so a prune without `--budget` keeps what the app would keep
 * and never deletes below the size the user chose. Which one it used is said on stderr.
 */
export function pruneBudget(ctx: CliContext, values: Values, setting: BudgetSetting): number {
  const option = values['budget'] as string | undefined;
  if (option !== undefined) return parseBytes(option, 'budget', 0);
  const bytes = ctx.appSettings()[setting];
  ctx.note(
    `budget ${formatBytes(bytes)}: the app's ${NUMERIC_SETTING_LABELS[setting]} setting (--budget sets another)`,
  );
  return bytes;
}

/** The options an `export` action reads: `--format` ({@link exportFormat}), `--out FILE`. */
export const EXPORT_OPTIONS = {
  format: { type: 'string' },
  out: { type: 'string' },
} as const satisfies Options;

/**
 * An `export` action's `--format`: `text` or `machine`, by default the machine one under
 * `--json` and the text one otherwise; another is a usage error naming both.
 */
export function exportFormat<T extends string, M extends string>(
  ctx: CliContext,
  values: Values,
  text: T,
  machine: M,
): T | M {
  const format = (values['format'] as string | undefined) ?? (ctx.global.json ? machine : text);
  if (format !== text && format !== machine) {
    throw new UsageError(`--format must be ${text} or ${machine}, got "${format}"`);
  }
  return format as T | M;
}

/** The source an `export` reads (the one the other commands use), noting demo data. */
export function exportSource(ctx: CliContext): DataSourceId {
  const source = ctx.source();
  if (source === 'demo') ctx.noteDemo();
  return source;
}

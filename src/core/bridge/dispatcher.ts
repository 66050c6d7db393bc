/**
 * The dispatcher both transports (Electron IPC, the browser host's WebSocket) call:
 * untrusted `(name, args)` in, a `BridgeResponse` out. It checks the name, validates
 * the arguments with the command's schema, runs the handler and turns any failure
 * into `{ code, message }` — it never rejects and never lets a stack through.
 */
import type {
  BridgeEventMessage,
  BridgeResponse,
  CommandArgs,
  CommandName,
  CommandResult,
} from '../../shared/bridge';
import { isCommandName } from '../../shared/bridge';
import type { Redactor } from '../redact';
import { describeIssues, toBridgeError } from './errors';
import { COMMAND_SCHEMAS } from './schemas';

/** Who is asking: one renderer window or browser tab. */
export interface BridgeContext {
  /** Stable for the connection's lifetime; owns its subscriptions. */
  readonly clientId: string;
  /** Pushes an event to this client only. */
  send(message: BridgeEventMessage): void;
}

/** A handler per command; a missing or extra one is a compile error where it is built. */
export type CommandHandlers = {
  [K in CommandName]: (args: CommandArgs<K>, ctx: BridgeContext) => Promise<CommandResult<K>>;
};

/** Untrusted name and arguments in, a response out; never rejects. */
export type Dispatcher = (
  name: unknown,
  args: unknown,
  ctx: BridgeContext,
) => Promise<BridgeResponse<unknown>>;

export interface DispatcherOptions {
  /** Scrubs secrets from error messages; default identity. */
  redact?: Redactor;
}

/** Builds the dispatcher over a handler table. */
export function createDispatcher(
  handlers: CommandHandlers,
  options: DispatcherOptions = {},
): Dispatcher {
  const redact = options.redact ?? ((text: string) => text);
  return async (name, args, ctx) => {
    if (!isCommandName(name)) {
      const shown = typeof name === 'string' ? `"${name.slice(0, 60)}"` : typeof name;
      return {
        ok: false,
        error: { code: 'unknown-command', message: redact(`unknown command ${shown}`) },
      };
    }
    // IPC sends `undefined` for a command invoked without its (empty) argument object.
    const parsed = COMMAND_SCHEMAS[name].safeParse(args === undefined ? {} : args);
    if (!parsed.success) {
      return {
        ok: false,
        error: { code: 'bad-argument', message: redact(describeIssues(name, parsed.error.issues)) },
      };
    }
    try {
      const handler = handlers[name] as (a: unknown, c: BridgeContext) => Promise<unknown>;
      const value = await handler(parsed.data, ctx);
      return { ok: true, value };
    } catch (error) {
      return { ok: false, error: toBridgeError(name, error, redact) };
    }
  };
}

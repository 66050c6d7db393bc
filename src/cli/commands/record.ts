/**
 * `marketdesk record ls|export|prune`: the recordings in the data folder (MARKETDESK_HOME
 * overrides), one file per source, the same ones the app writes.
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import {
  closeRecording,
  exportFrames,
  instrumentsOf,
  listRecordingFiles,
  listSessions,
  openRecordingFile,
  prune,
  recordingFilePath,
  usedBytes,
  type RecordingDb,
} from '../../core/recording';
import { errorMessage } from '../../shared/errors';
import { parseTimeOption, UsageError } from '../args';
import { CliError, type CliContext } from '../context';
import { formatTime, renderJson, renderTable } from '../output';
import { formatBytes } from '../render-cache';
import {
  actionCommand,
  EXPORT_OPTIONS,
  exportFormat,
  exportSource,
  noArguments,
  pruneBudget,
  pruneHelp,
  PRUNE_OPTIONS,
  type Values,
} from './command';

export const recordCommand = actionCommand({
  name: 'record',
  summary: 'list, export or prune the recordings of live data',
  help: `Usage: marketdesk record <action> [options]

  ls                    each source's recording: file, size, sessions (start, end, frames)
  export [--from T] [--to T] [--codes A,B] [--format csv|jsonl] [--out FILE]
                        the frames of a span (default all) of this source's recording,
                        to FILE or stdout; depth as whole books; T is ISO 8601 or Unix ms
${pruneHelp("delete each recording's oldest sessions until it fits SIZE", 'recordingBudgetBytes')}
                        (the session being recorded only loses its oldest frames)

The app records what it receives live (depth, quotes, ticks) in recordings/ of the data
folder (MARKETDESK_HOME, else the platform's application-data folder): one file per
source, demo.db for the demo simulator, live-<host>-<hash>.db for a live service. export
reads the source the other commands would use (demo without --token and --base-url).`,
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    codes: { type: 'string' },
    ...EXPORT_OPTIONS,
    ...PRUNE_OPTIONS,
  },
  /** The actions, by name: each runs with the options and the arguments after it. */
  actions: {
    ls: lsAction,
    export: exportAction,
    prune: pruneAction,
  },
});

const folderOf = (ctx: CliContext) => ctx.dataFolder();

/** Runs `fn` over each recording file; one that cannot be read is noted and skipped. */
function eachRecording<T>(ctx: CliContext, fn: (db: RecordingDb) => T): T[] {
  const out: T[] = [];
  for (const file of listRecordingFiles(folderOf(ctx))) {
    let db: RecordingDb;
    try {
      const opened = openRecordingFile(file);
      if (opened.recovery) ctx.note(opened.recovery.message);
      db = opened.db;
    } catch (error) {
      ctx.note(`skipped ${file}: ${errorMessage(error)}`);
      continue;
    }
    try {
      out.push(fn(db));
    } finally {
      closeRecording(db);
    }
  }
  return out;
}

async function lsAction(ctx: CliContext, _values: Values, rest: string[]): Promise<number> {
  noArguments('record', 'ls', rest);
  const recordings = eachRecording(ctx, (db) => ({
    source: db.source,
    file: db.file,
    bytes: usedBytes(db),
    instruments: instrumentsOf(db).size,
    sessions: listSessions(db),
  }));
  if (ctx.global.json) {
    ctx.io.out(renderJson(recordings));
    return 0;
  }
  if (recordings.length === 0) {
    ctx.io.out(`no recordings in ${folderOf(ctx)}\n`);
    return 0;
  }
  for (const r of recordings) {
    ctx.io.out(`${r.source}  ${r.file}  ${formatBytes(r.bytes)}  ${r.instruments} instruments\n`);
    ctx.io.out(
      renderTable(
        r.sessions,
        [
          { header: 'SESSION', value: (s) => String(s.id), align: 'right' },
          { header: 'STARTED', value: (s) => formatTime(s.startedAt) },
          { header: 'ENDED', value: (s) => formatTime(s.endedAt) },
          { header: 'FRAMES', value: (s) => String(s.frames), align: 'right' },
          { header: 'PAYLOAD', value: (s) => formatBytes(s.bytes), align: 'right' },
          { header: 'STATE', value: (s) => (s.closed ? 'closed' : 'open or crashed') },
        ],
        ctx.io.isTTY,
      ),
    );
  }
  return 0;
}

async function exportAction(ctx: CliContext, values: Values, rest: string[]): Promise<number> {
  noArguments('record', 'export', rest);
  const from = parseTimeOption(values['from'] as string | undefined, 'from') ?? 0;
  const to = parseTimeOption(values['to'] as string | undefined, 'to') ?? Number.MAX_SAFE_INTEGER;
  if (to < from) throw new UsageError('record export: --to is before --from');
  const format = exportFormat(ctx, values, 'csv', 'jsonl');
  const source = exportSource(ctx);
  const file = recordingFilePath(folderOf(ctx), source);
  if (!listRecordingFiles(folderOf(ctx)).includes(file)) {
    throw new CliError(`nothing to export: no recording of ${source} in ${folderOf(ctx)}`);
  }
  let opened;
  try {
    // As ls and prune open it: a file that cannot be read is said so, and left where it
    // is for the app (the app's own opener would set it aside and start an empty one).
    opened = openRecordingFile(file);
  } catch (error) {
    throw new CliError(`cannot export ${source}: ${errorMessage(error)}`);
  }
  if (opened.recovery) ctx.note(opened.recovery.message);
  const db = opened.db;
  try {
    const codes = (values['codes'] as string | undefined)
      ?.split(',')
      .map((c) => c.trim().toUpperCase());
    const instruments = codes
      ? [...instrumentsOf(db).values()].filter((i) => codes.includes(i.code.toUpperCase()))
      : null;
    if (instruments?.length === 0)
      throw new CliError(`nothing to export: no recording of ${codes!.join(', ')}`);
    const out = values['out'] as string | undefined;
    if (out === undefined) {
      const count = exportFrames(db, { from, to }, instruments, format, (line) => ctx.io.out(line));
      // Said, not left as a bare header: the span holds nothing of what was asked.
      if (count === 0) ctx.note(`no frames recorded ${spanWords(from, to)}`);
      return 0;
    }
    const stream = createWriteStream(out);
    const count = exportFrames(db, { from, to }, instruments, format, (line) => stream.write(line));
    // Finished, or failed (a folder that is not there): `end`'s callback is called on an
    // error too, and taken as done the command said it wrote a file it never made.
    stream.end();
    await finished(stream).catch((error: unknown) => {
      throw new CliError(`cannot write ${out}: ${errorMessage(error)}`);
    });
    ctx.note(`wrote ${count} frames to ${out}`);
    return 0;
  } finally {
    closeRecording(db);
  }
}

/** "between 2026-11-29T12:00:00.000Z and …", "since …", "until …", "" for all time. */
function spanWords(from: number, to: number): string {
  const all = { from: from <= 0, to: to >= Number.MAX_SAFE_INTEGER };
  if (all.from && all.to) return 'in this recording';
  if (all.from) return `until ${formatTime(to)}`;
  if (all.to) return `since ${formatTime(from)}`;
  return `between ${formatTime(from)} and ${formatTime(to)}`;
}

/**
 * The newest session while it is not closed: the one the app is recording now (or one a
 * crash left open, which the app closes at its next start). Pruned as the app prunes it,
 * its oldest frames only: deleted whole under a running app, the frames it goes on
 * writing would belong to no session, listed nowhere and never pruned.
 */
function sessionBeingRecorded(db: RecordingDb): number | null {
  const newest = listSessions(db).at(-1);
  return newest && !newest.closed ? newest.id : null;
}

async function pruneAction(ctx: CliContext, values: Values, rest: string[]): Promise<number> {
  noArguments('record', 'prune', rest);
  const budget = pruneBudget(ctx, values, 'recordingBudgetBytes');
  const results = eachRecording(ctx, (db) => ({
    source: db.source,
    file: db.file,
    ...prune(db, budget, sessionBeingRecorded(db)),
  }));
  if (ctx.global.json) ctx.io.out(renderJson(results));
  else {
    for (const r of results) {
      ctx.io.out(
        `${r.source}: removed ${r.sessionsRemoved} sessions (${r.framesRemoved} frames), ` +
          `${formatBytes(r.bytesBefore)} → ${formatBytes(r.bytesAfter)}\n`,
      );
    }
    if (results.length === 0) ctx.io.out(`no recordings in ${folderOf(ctx)}\n`);
  }
  return 0;
}

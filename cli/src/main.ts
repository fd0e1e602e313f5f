/** The `fmea` process: run once, set the exit code, let Node exit on its own. */
// not '@fmea/core/db/dialect': importing it fixes the engine (its DIALECT) before --db is read below
import { dialectOf } from '@fmea/core/db/dialect-of';

// Ink's colours come from chalk, which reads FORCE_COLOR but not NO_COLOR (https://no-color.org)
if (process.env.NO_COLOR && process.env.FORCE_COLOR === undefined) process.env.FORCE_COLOR = '0';

// the engine is fixed before the schema loads (core/src/db/dialect.ts): `--db` names it as DATABASE_URL would
const db = databaseOption(process.argv.slice(2));
if (db !== undefined && !process.env.FMEA_DIALECT) process.env.FMEA_DIALECT = dialectOf(db);

function databaseOption(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--') return undefined;
    if (args[i] === '--db') return args[i + 1];
    if (args[i]!.startsWith('--db=')) return args[i]!.slice('--db='.length);
  }
  return undefined;
}

try {
  const { runCli } = await import('./run.ts');
  process.exitCode = await runCli(process.argv.slice(2));
} catch (error) {
  // a bug in the runner itself; runCli reports everything else
  process.stderr.write(`fmea: ${process.env.FMEA_DEBUG === '1' && error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
}

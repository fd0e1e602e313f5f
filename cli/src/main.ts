/** The `fmea` process: run once, set the exit code, let Node exit on its own. */
import { runCli } from './run.ts';

// Ink's colours come from chalk, which reads FORCE_COLOR but not NO_COLOR (https://no-color.org)
if (process.env.NO_COLOR && process.env.FORCE_COLOR === undefined) process.env.FORCE_COLOR = '0';

try {
  process.exitCode = await runCli(process.argv.slice(2));
} catch (error) {
  // a bug in the runner itself; runCli reports everything else
  process.stderr.write(`fmea: ${process.env.FMEA_DEBUG === '1' && error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
}

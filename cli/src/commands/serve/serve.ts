/**
 * `fmea serve [--port N]`: the API and the built workbench on one port, on
 * this run's database (migrated and seeded on start). Says where the
 * database is and whether this start created and seeded it (a generated
 * admin password goes to stderr, once). Runs until SIGINT or SIGTERM, then
 * closes the server and the database and exits 0.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Command } from 'commander';
import { ConflictError } from '@fmea/core/errors';
import type { DatabaseLocation } from '@fmea/core/db';
import type { SeedResult } from '@fmea/core/services';
import type { Translate } from '../../i18n/index.ts';
import { contextOf } from '../../context.ts';
import { UsageError } from '../../errors.ts';
import { importConcurrency, importLimitBytes } from '../../shared/options.ts';

const DEFAULT_PORT = 3000;

function parsePort(value: string, option: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port < 1 || port > 65535) throw new UsageError('cli.serve.port_invalid', { option, value });
  return port;
}

/** Fails fast with a translated message when the port is taken (the server would only emit an error later). */
function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? new ConflictError('cli.serve.port_in_use', { port }) : error),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** What this start did to the database: created (and seeded) it, seeded an existing one, or found it ready. */
type DatabaseState = 'created' | 'seeded' | 'existing';

function databaseLine(t: Translate, location: DatabaseLocation, state: DatabaseState): string {
  const where = location.kind === 'file' ? location.path : location.kind === 'server' ? location.url : t('cli.serve.database_memory');
  return t('cli.serve.database', { where, state });
}

export function registerServe(program: Command): void {
  const { t } = contextOf(program);
  program
    .command('serve')
    .description(t('cli.serve.description'))
    .option('--port <n>', t('cli.serve.option_port'))
    .action(async (options: { port?: string }, command: Command) => {
      const context = contextOf(command);
      const { env } = context.io;
      const port =
        options.port !== undefined ? parsePort(options.port, '--port') : env.PORT ? parsePort(env.PORT, 'PORT') : DEFAULT_PORT;
      // IMPORT_MAX_MB: the spreadsheet import limit; a bad value stops the start like a bad PORT
      const importLimit = await importLimitBytes(undefined, env);
      const imports = await importConcurrency(env);
      await assertPortFree(port, env.HOST ?? '0.0.0.0');
      const [{ startServer }, { DEFAULT_DATABASE_URL, databaseLocation }] = await Promise.all([import('@fmea/api'), import('@fmea/core/db')]);
      const location = databaseLocation(context.dbUrl ?? DEFAULT_DATABASE_URL);
      const existed = location.kind === 'file' ? existsSync(location.path) : location.kind === 'server';
      let seeded: SeedResult | undefined;
      const server = await startServer({
        port,
        databaseUrl: context.dbUrl,
        adminPassword: env.ADMIN_PASSWORD || undefined,
        importLimitBytes: importLimit,
        importConcurrency: imports,
        onSeeded: (result) => (seeded = result),
      }).catch((error: NodeJS.ErrnoException) => {
        // taken between the probe and the real listen
        throw error.code === 'EADDRINUSE' ? new ConflictError('cli.serve.port_in_use', { port }) : error;
      });
      if (seeded) await context.announceSeed(seeded); // before the URL, so it is read first
      const stopped = untilStopped();
      const state: DatabaseState = seeded?.adminCreated ? (existed ? 'seeded' : 'created') : 'existing';
      await context.out.printMessage(databaseLine(context.t, location, state));
      const url = `http://localhost:${server.port}/`;
      await context.out.printMessage(context.t('cli.serve.listening', { url }), { url, port: server.port, database: location, created: state === 'created', seeded: state !== 'existing' });
      await stopped;
      await server.close();
      await context.out.printMessage(context.t('cli.serve.stopped'));
    });
}

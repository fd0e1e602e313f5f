/**
 * `fmea serve [--port N] [--host ADDRESS]`: the API and the built workbench on
 * one port, on this run's database (migrated and seeded on start). Says where
 * the database is and whether this start created and seeded it (a generated
 * admin password goes to stderr, once), and which network interfaces it
 * listens on: every one by default (HOST 0.0.0.0, reachable from other
 * computers), so an operator who meant this machine only reads it at once.
 * Runs until SIGINT or SIGTERM, then drains (health "draining" for
 * SHUTDOWN_GRACE_SECONDS), finishes the requests in flight, tells browsers'
 * sockets to reconnect, closes the database and exits 0.
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
/** Every network interface: the server is reachable from other computers. */
const ALL_INTERFACES = '0.0.0.0';

function parsePort(value: string, option: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port < 1 || port > 65535) throw new UsageError('cli.serve.port_invalid', { option, value });
  return port;
}

/** Fails fast with a translated message when the port is taken or the address is not this machine's (the server would only emit an error later). */
function assertPortFree(port: number, host: { value: string; option: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') reject(new ConflictError('cli.serve.port_in_use', { port }));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') reject(new UsageError('cli.serve.host_invalid', { option: host.option, value: host.value }));
      else reject(error);
    });
    probe.listen({ port, host: host.value, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Every interface (0.0.0.0, ::) or one address. */
const isEveryInterface = (host: string) => host === ALL_INTERFACES || host === '::' || host === '[::]';

/** The address a browser on this machine opens: localhost when every interface listens, else the address itself. */
function urlOf(host: string, port: number): string {
  if (isEveryInterface(host)) return `http://localhost:${port}/`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}/`;
}

/** SHUTDOWN_GRACE_SECONDS (0–300, default 0): how long a stopping server answers health with "draining" before it stops accepting. */
function shutdownGraceSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const seconds = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || seconds > 300) throw new UsageError('cli.serve.grace_invalid', { option: 'SHUTDOWN_GRACE_SECONDS', value, max: 300 });
  return seconds;
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
    .option('--host <address>', t('cli.serve.option_host'))
    .action(async (options: { port?: string; host?: string }, command: Command) => {
      const context = contextOf(command);
      const { env } = context.io;
      const port =
        options.port !== undefined ? parsePort(options.port, '--port') : env.PORT ? parsePort(env.PORT, 'PORT') : DEFAULT_PORT;
      const host = options.host !== undefined ? { value: options.host.trim(), option: '--host' } : { value: env.HOST?.trim() || ALL_INTERFACES, option: 'HOST' };
      // IMPORT_MAX_MB: the spreadsheet import limit; a bad value stops the start like a bad PORT
      const importLimit = await importLimitBytes(undefined, env);
      const imports = await importConcurrency(env);
      const grace = shutdownGraceSeconds(env.SHUTDOWN_GRACE_SECONDS);
      await assertPortFree(port, host);
      const [{ startServer }, { DEFAULT_DATABASE_URL, databaseLocation, textOrderAsEmbedded }] = await Promise.all([import('@fmea/api'), import('@fmea/core/db')]);
      const location = databaseLocation(context.dbUrl ?? DEFAULT_DATABASE_URL);
      const existed = location.kind === 'file' ? existsSync(location.path) : location.kind === 'server';
      let seeded: SeedResult | undefined;
      const server = await startServer({
        port,
        hostname: host.value,
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
      const state: DatabaseState = seeded?.adminCreated ? (existed && location.kind === 'file' ? 'seeded' : 'created') : 'existing';
      await context.out.printMessage(databaseLine(context.t, location, state));
      if (!(await textOrderAsEmbedded(server.database))) await context.out.printMessage(context.t('cli.serve.collation'));
      const everyInterface = isEveryInterface(host.value);
      // said before the address, so the line a script waits for comes last
      await context.out.printMessage(everyInterface ? context.t('cli.serve.host_all', { host: host.value }) : context.t('cli.serve.host_one', { host: host.value }));
      const url = urlOf(host.value, server.port);
      await context.out.printMessage(context.t('cli.serve.listening', { url }), {
        url,
        port: server.port,
        host: host.value,
        everyInterface,
        database: location,
        created: state === 'created',
        seeded: state !== 'existing',
      });
      await stopped;
      // behind a load balancer: health says "draining" for the grace while requests are still served, then
      // nothing new is taken, requests in flight finish and browsers' sockets are told to reconnect
      server.drain();
      if (grace > 0) await new Promise((resolve) => setTimeout(resolve, grace * 1000));
      await server.close();
      await context.out.printMessage(context.t('cli.serve.stopped'));
    });
}

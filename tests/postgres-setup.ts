import { startTestCluster, type TestCluster } from '../core/src/testing/postgres.ts';

/**
 * The `postgres` project's one throwaway cluster (issue 22): Debian's PostgreSQL on a random loopback port,
 * started once for the run and shared by its workers, each test's database a copy of a template
 * (core/src/testing/postgres-template.ts). `.ci/run` installs `postgresql` when the machine lacks it.
 */
let cluster: TestCluster | undefined;

export async function setup(): Promise<void> {
  cluster = await startTestCluster();
  process.env.FMEA_TEST_POSTGRES_URL = cluster.url;
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}

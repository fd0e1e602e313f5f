/**
 * A program plan of `tasks` tasks for `npm run bench:gantt`, written straight into the server's database
 * (the plan's rows as the services store them; going through 10,000 HTTP calls would measure the setup, not
 * the chart): chains of ten tasks, each task three to eight days and starting the day after its
 * predecessor, the chains staggered over a year, so the plan has dependencies, a critical path and slack.
 */
import { randomUUID } from 'node:crypto';
import { openDatabase, schema } from '@fmea/core/db';

const CHAIN = 10;

function day(base: Date, offset: number): string {
  const d = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + offset));
  return d.toISOString().slice(0, 10);
}

export async function writePlan(databaseUrl: string, programId: string, tasks: number): Promise<void> {
  const database = await openDatabase(databaseUrl);
  const base = new Date(Date.UTC(2027, 0, 4));
  const rows: (typeof schema.projectTask.$inferInsert)[] = [];
  const links: (typeof schema.taskDependency.$inferInsert)[] = [];
  let start = 0;
  for (let i = 0; i < tasks; i++) {
    const inChain = i % CHAIN;
    if (inChain === 0) start = (Math.floor(i / CHAIN) * 7) % 300;
    const length = 3 + ((i * 7) % 6);
    const id = randomUUID();
    rows.push({
      id,
      taskNum: `PRB${tasks}-${String(i + 1).padStart(6, '0')}`,
      programId,
      name: `Bench task ${i + 1}`,
      taskType: '1',
      taskObject: '0',
      status: '0',
      plannedStart: day(base, start),
      plannedEnd: day(base, start + length - 1),
      sort: i,
      creatorName: 'bench',
    });
    if (inChain > 0) links.push({ id: randomUUID(), predecessorId: rows[i - 1]!.id!, successorId: id, lagDays: 0 });
    start += length;
  }
  try {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 100) await tx.insert(schema.projectTask).values(rows.slice(i, i + 100));
      for (let i = 0; i < links.length; i += 100) await tx.insert(schema.taskDependency).values(links.slice(i, i + 100));
    });
  } finally {
    await database.close();
  }
}

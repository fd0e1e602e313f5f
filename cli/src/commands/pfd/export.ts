/** `fmea pfd export <pfmeaNum> <file.xlsx|svg>`: the flow chart as the PFD workbook or the SVG picture, chosen by the file's extension, written atomically. */
import { extname } from 'node:path';
import type { Command } from 'commander';
import { InvalidInputError } from '@fmea/core/errors';
import { contextOf } from '../../context.ts';
import { writeOutputFile } from '../../shared/files.ts';

const FORMATS = { '.xlsx': 'xlsx', '.svg': 'svg' } as const;

/** The format a file name asks for; another extension is refused with a message that names both. */
export function formatOfPath(path: string): (typeof FORMATS)[keyof typeof FORMATS] {
  const format = FORMATS[extname(path).toLowerCase() as keyof typeof FORMATS];
  if (!format) throw new InvalidInputError('cli.pfd.export.extension', { path });
  return format;
}

export function registerPfdExport(pfd: Command): void {
  const { t } = contextOf(pfd);
  pfd
    .command('export')
    .description(t('cli.pfd.export.description'))
    .argument('<pfmeaNum>', t('cli.pfd.arg_pfmea_num'))
    .argument('<file>', t('cli.pfd.arg_file'))
    .action(async (pfmeaNum: string, path: string, _options: unknown, command: Command) => {
      const context = contextOf(command);
      const format = formatOfPath(path);
      const { exportProcessFlow, getProjectBySerialNumber } = await import('@fmea/core/services');
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, pfmeaNum);
      const file = await exportProcessFlow(ctx, project.id, { format, locale: context.locale });
      await writeOutputFile(path, file.bytes);
      const facts = { path, serialNum: project.serialNum, pfdNumber: file.view.pfdNumber, steps: file.view.flow.steps.length, format };
      await context.out.printMessage(context.t('cli.pfd.export.done', { ...facts, count: facts.steps }), facts);
    });
}

/**
 * `fmea spc analyze <file.csv|file.xlsx> --chart <chart>` (issue 25): control limits, run-rule
 * violations and capability of a measurements file, without a database, for CI and scripts.
 * `--json` answers { file, chart, subgroups, center, lcl, ucl, sigma, secondary, capability,
 * violations: [{ subgroup, rule, series }] } (rules by Nelson's numbers, subgroups as in the file).
 * The statistics are core's (core/src/domain/spc, docs/domain/spc.md).
 */
import type { Command } from 'commander';
import type { SpcChart, SpcResult } from '@fmea/core/domain';
import { contextOf, type CliContext } from '../../context.ts';
import { UsageError } from '../../errors.ts';
import { readInputFile } from '../../shared/files.ts';
import { importLimitBytes, parseList } from '../../shared/options.ts';

const CHARTS = ['xbar-r', 'xbar-s', 'i-mr', 'p', 'np', 'c', 'u'] as const satisfies readonly SpcChart[];
const VARIABLES = new Set<string>(['xbar-r', 'xbar-s', 'i-mr']);

interface AnalyzeOptions {
  chart: string;
  lsl?: string;
  usl?: string;
  target?: string;
  rules?: string;
  secondaryRules?: string;
  acceptUnmapped?: boolean;
  maxMb?: string;
}

function numberOption(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError('cli.spc.analyze.not_number', { option, value });
  return n;
}

function rulesOption(value: string | undefined, option: string): number[] | undefined {
  if (value === undefined) return undefined;
  return parseList(value).map((item) => {
    const rule = Number(item);
    if (!/^[1-8]$/.test(item)) throw new UsageError('cli.spc.analyze.rule_invalid', { option, value: item });
    return rule;
  });
}

/** What `--json` answers: the result without its points and histogram (those are for drawing). */
function answer(file: string, result: SpcResult) {
  const c = result.capability;
  return {
    file,
    chart: result.chart,
    subgroups: result.points.length,
    center: result.center,
    lcl: result.lcl,
    ucl: result.ucl,
    ...(result.sigma !== undefined && { sigma: result.sigma }),
    ...(result.secondary && { secondary: result.secondary }),
    ...(c && { capability: { cp: c.cp, cpk: c.cpk, pp: c.pp, ppk: c.ppk, cpm: c.cpm } }),
    violations: result.violations.map(({ subgroup, rule, series }) => ({ subgroup, rule, series })),
  };
}

const fmt = (value: number | null | undefined) => (value === null || value === undefined ? '–' : Number(value.toPrecision(6)).toString());
const limit = (value: number | number[], tr: CliContext['t']) => (Array.isArray(value) ? tr('cli.spc.analyze.varies') : fmt(value));

async function print(context: CliContext, file: string, result: SpcResult): Promise<void> {
  const { t: tr, out } = context;
  const name = result.chart === 'xbar-r' ? 'R' : result.chart === 'xbar-s' ? 'S' : 'MR';
  const lines = [
    tr('cli.spc.analyze.primary', { chart: result.chart, subgroups: result.points.length, center: fmt(result.center), lcl: limit(result.lcl, tr), ucl: limit(result.ucl, tr) }),
  ];
  if (result.sigma !== undefined) lines.push(tr('cli.spc.analyze.sigma', { sigma: fmt(result.sigma) }));
  if (result.secondary) {
    const s = result.secondary;
    lines.push(tr('cli.spc.analyze.secondary', { name, center: Array.isArray(s.center) ? tr('cli.spc.analyze.varies') : fmt(s.center), lcl: limit(s.lcl, tr), ucl: limit(s.ucl, tr) }));
  }
  const c = result.capability;
  if (c) lines.push(tr('cli.spc.analyze.capability', { cp: fmt(c.cp), cpk: fmt(c.cpk), pp: fmt(c.pp), ppk: fmt(c.ppk), cpm: fmt(c.cpm) }));
  lines.push(result.violations.length === 0 ? tr('cli.spc.analyze.in_control') : tr('cli.spc.analyze.violations', { count: result.violations.length }));
  for (const v of result.violations) {
    lines.push(tr(v.series === 'primary' ? 'cli.spc.analyze.violation' : 'cli.spc.analyze.violation_secondary', { subgroup: v.subgroup, rule: v.rule, name }));
  }
  await out.printMessage(lines.join('\n'), answer(file, result));
}

export function registerSpcAnalyze(spc: Command): void {
  const { t } = contextOf(spc);
  spc
    .command('analyze')
    .description(t('cli.spc.analyze.description'))
    .argument('<file>', t('cli.spc.analyze.argument_file'))
    .requiredOption('--chart <chart>', t('cli.spc.analyze.option_chart'))
    .option('--lsl <x>', t('cli.spc.analyze.option_lsl'))
    .option('--usl <x>', t('cli.spc.analyze.option_usl'))
    .option('--target <x>', t('cli.spc.analyze.option_target'))
    .option('--rules <list>', t('cli.spc.analyze.option_rules'))
    .option('--secondary-rules <list>', t('cli.spc.analyze.option_secondary_rules'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .option('--max-mb <n>', t('cli.dfmea.import.option_max_mb'))
    .action(async (path: string, options: AnalyzeOptions, command: Command) => {
      const context = contextOf(command);
      const chart = options.chart.trim().toLowerCase();
      if (!(CHARTS as readonly string[]).includes(chart)) throw new UsageError('cli.spc.analyze.chart_invalid', { value: options.chart, charts: CHARTS.join(', ') });
      const spec = { lsl: numberOption(options.lsl, '--lsl'), usl: numberOption(options.usl, '--usl'), target: numberOption(options.target, '--target') };
      const rules = { primary: rulesOption(options.rules, '--rules'), secondary: rulesOption(options.secondaryRules, '--secondary-rules') };
      const { analyzeAttributes, analyzeVariables } = await import('@fmea/core/domain');
      const { assertMeasurementsFile, readMeasurements } = await import('@fmea/core/services');
      const max = await importLimitBytes(options.maxMb, context.io.env);
      const file = await readInputFile(path, (name, size) => assertMeasurementsFile(name, size, max));
      const read = await readMeasurements(file.name, file.bytes, VARIABLES.has(chart) ? 'variables' : 'attributes', { limit: max, acceptUnmapped: options.acceptUnmapped === true });
      const spcOptions = { spec, rules: { ...(rules.primary && { primary: rules.primary }), ...(rules.secondary && { secondary: rules.secondary }) } };
      const result =
        read.kind === 'variables'
          ? analyzeVariables(read.subgroups, chart as 'xbar-r' | 'xbar-s' | 'i-mr', spcOptions)
          : analyzeAttributes(read.rows, chart as 'p' | 'np' | 'c' | 'u', spcOptions);
      await print(context, file.name, result);
    });
}

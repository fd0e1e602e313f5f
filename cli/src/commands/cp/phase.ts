import { Option } from 'commander';
import { CONTROL_PLAN_PHASES } from '@fmea/core/domain';

/** `--phase prototype|prelaunch|production` (production unless said), the control plan's phase. */
export const phaseOption = (description: string) => new Option('--phase <phase>', description).choices([...CONTROL_PLAN_PHASES]).default('production');

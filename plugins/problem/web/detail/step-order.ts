import { stepsBefore } from '@fmea/core/domain';
import type { StepCode, StepState } from '../labels.ts';

/** The first earlier step a step waits for (core's order rule, the one the server applies), or null when it may start. */
export const blockerOf = (states: Readonly<Record<StepCode, StepState>>, step: StepCode): StepCode | null => stepsBefore(step).find((earlier) => states[earlier] !== 'done') ?? null;

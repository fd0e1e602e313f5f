/** The PFMEA's process model on the FMEA engine (docs/domain/pfmea.md). */
export * from './vocabulary.ts';
export * from './messages.ts';
export * from './structure.ts';
export * from './renumber.ts';
export * from './procedures.ts';
export * from './control-plan.ts';
export * from './control-plan-model.ts';
export * from './control-plan-basis.ts';
export * from './control-plan-checks.ts';
export * from './control-plan-messages.ts';
export * from './flow.ts';
export * from './flow-messages.ts';
export * from './flow-layout.ts';
export * from './flow-svg.ts';
export * from './flow-text.ts';

export * from './vocabulary.ts';
export { controlStatusOf, coverageOf, type DvpCoverage } from './status.ts';

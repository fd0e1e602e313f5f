import { FMEA_SIDES, type FmeaSide } from '../fmea/kinds.ts';

/** A DVP&R verifies a design: plans belong to FMEAs of the design side (DFMEA and the kinds built on it), the first of FMEA_SIDES. */
export const DVP_SIDE: FmeaSide = FMEA_SIDES[0];

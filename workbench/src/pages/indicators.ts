import type { Area } from '@fmea/core/domain';
import type { GetPath } from '@fmea/sdk';

type MustGet<P extends GetPath> = P;
type Contributed = Extract<Area, { readonly contributes: { readonly indicators: readonly unknown[] } }>['contributes']['indicators'][number]['route'];
/**
 * The routes of the indicators the areas contribute (`contributes.indicators[].route`): one the API does not
 * answer with GET does not compile here (and one whose answer is not an IndicatorAnswer does not compile in
 * the dashboard's card).
 */
export type IndicatorPath = MustGet<Contributed>;

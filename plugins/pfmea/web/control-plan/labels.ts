import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { ControlPlanHeaderField, ControlPlanLineOrigin, ControlPlanPhase } from '@fmea/core/domain';

/**
 * The control plan's words the server does not answer, in the reader's
 * language: the AIAG form's header fields, the phases, where a line comes
 * from. (Column headings, suspect reasons, contradictions and the checks'
 * findings come translated with the plan, from core's catalogs, so the grid
 * reads like the workbook the export writes.) The texts say what core's
 * control-plan-locales say.
 */
export function useControlPlanLabels() {
  const { t } = useLingui();

  const header: Record<ControlPlanHeaderField, string> = {
    controlPlanNumber: t`Control Plan Number`,
    keyContact: t`Key Contact`,
    keyContactPhone: t`Key Contact Phone`,
    originalDate: t`Date (Orig.)`,
    revisionDate: t`Date (Rev.)`,
    partNumber: t`Part Number`,
    latestChangeLevel: t`Latest Change Level`,
    coreTeam: t`Core Team`,
    customerEngineeringApproval: t`Customer Engineering Approval`,
    customerEngineeringApprovalDate: t`Customer Engineering Approval Date`,
    partName: t`Part Name/Description`,
    organizationApproval: t`Organization/Plant Approval`,
    organizationApprovalDate: t`Organization/Plant Approval Date`,
    customerQualityApproval: t`Customer Quality Approval`,
    customerQualityApprovalDate: t`Customer Quality Approval Date`,
    organization: t`Organization/Plant`,
    supplierCode: t`Organization/Supplier Code`,
    otherApproval: t`Other Approval`,
    otherApprovalDate: t`Other Approval Date`,
  };

  const phases: Record<ControlPlanPhase, string> = { prototype: t`Prototype`, prelaunch: t`Pre-launch`, production: t`Production` };
  const origins: Record<ControlPlanLineOrigin, string> = { generated: t`Generated from the PFMEA`, manual: t`Added by hand`, imported: t`Imported` };

  const added = (n: number) =>
    n === 0 ? t`Every characteristic already has a line: nothing was added.` : plural(n, { one: '# line was added from the PFMEA.', other: '# lines were added from the PFMEA.' });

  return { header, phases, origins, added };
}

export type ControlPlanLabels = ReturnType<typeof useControlPlanLabels>;

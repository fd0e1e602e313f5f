import { useLingui } from '@lingui/react/macro';

/**
 * The worksheet's columns by the field names the server's issues carry (the workbook reader's and the
 * save's), in the user's language: an import refusal names the column, never the field's key.
 */
export function useFmedaFieldLabel(): (field: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    element: t`Element`,
    elementName: t`Element`,
    elementFit: t`Element failure rate (FIT)`,
    mode: t`Failure mode`,
    failureMode: t`Failure mode`,
    distribution: t`Distribution (%)`,
    distributionPct: t`Distribution (%)`,
    faultClass: t`Fault class`,
    residualMechanism: t`Safety mechanism (residual)`,
    dcResidual: t`DC residual (%)`,
    dcResidualPct: t`DC residual (%)`,
    latentMechanism: t`Safety mechanism (latent)`,
    dcLatent: t`DC latent (%)`,
    dcLatentPct: t`DC latent (%)`,
  };
  return (field) => labels[field] ?? field;
}

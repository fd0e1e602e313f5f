/**
 * Where the FMEA change proposals panel of closing the loop (issue 24, helper H6: `ProposalsPanel` of the shared
 * FMEA UI library, plugins/fmea-ui/web/loop, on its branch wt-h6) mounts on an EWO's detail tab: the FMEA items
 * the change covers and the changes proposed to them. This plugin already depends on `@fmea/fmea-ui` and loads
 * its catalogs; once that component is merged, the body is one line:
 * `return <ProposalsPanel sourceKind="ewo" sourceId={ewoId} readOnly={readOnly} />;`
 * Until then nothing shows here: a panel promising what cannot be done yet would mislead.
 */
export function ProposalsMount(_props: { ewoId: string; readOnly: boolean }) {
  return null;
}

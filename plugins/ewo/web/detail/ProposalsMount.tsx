/**
 * Where the "FMEA change proposals" panel of closing the loop (issue 24, helper H6) mounts on an EWO's detail
 * tab: proposals to the FMEAs the change touches. The panel is a component of the shared FMEA UI library
 * (plugins/fmea-ui), so this plugin imports no other plugin. Until that component exists nothing shows here
 * (a panel promising what cannot be done yet would mislead); mounting it is one line:
 * `return <FmeaChangeProposals source={{ kind: 'ewo', id: ewoId }} />;` with `@fmea/fmea-ui` in package.json.
 */
export function ProposalsMount(_props: { ewoId: string }) {
  return null;
}

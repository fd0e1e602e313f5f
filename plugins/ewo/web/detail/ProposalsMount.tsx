import { ProposalsPanel } from '@fmea/fmea-ui';

/**
 * The "FMEA change proposals" panel of closing the loop (docs/domain/closed-loop.md) on an EWO's detail tab:
 * the FMEA items the change covers (those it lists first), a change proposed on one of them, each proposal's
 * status, the FMEAs it updated. The panel is the shared FMEA UI library's, so this plugin imports no other
 * plugin; the server decides who may propose (the EWO's tracker and creator), so a closed change only shows it.
 */
export function ProposalsMount({ ewoId, closed }: { ewoId: string; closed: boolean }) {
  return (
    <div className="ewo-proposals" data-testid="ewo-proposals">
      <ProposalsPanel sourceKind="ewo" sourceId={ewoId} readOnly={closed} />
    </div>
  );
}

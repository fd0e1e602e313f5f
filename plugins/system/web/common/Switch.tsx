import { Switch as RadixSwitch } from 'radix-ui';

/** An on/off control (radix Switch: a real button with role switch). */
export function Switch({ checked, onChange, disabled, label, id }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; label: string; id?: string }) {
  return (
    <RadixSwitch.Root id={id} className="sys-switch" checked={checked} onCheckedChange={onChange} disabled={disabled} aria-label={label}>
      <RadixSwitch.Thumb className="sys-switch-thumb" />
    </RadixSwitch.Root>
  );
}

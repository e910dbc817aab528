import { Button, Tooltip } from 'antd';

export type IconButtonProps = {
  /** What the button does: its tooltip and, unless `ariaLabel` says more, its accessible name. */
  label: string;
  icon: React.ReactNode;
  /** A fuller accessible name where the tooltip is short (e.g. naming the row the button acts on). */
  ariaLabel?: string;
} & Omit<React.ComponentProps<typeof Button>, 'aria-label' | 'icon' | 'children'>;

/** An icon-only button: its label shows as a tooltip and names it for screen readers and tests. */
export function IconButton({ label, icon, ariaLabel, ...rest }: IconButtonProps) {
  return (
    <Tooltip title={label}>
      <Button aria-label={ariaLabel ?? label} icon={icon} {...rest} />
    </Tooltip>
  );
}

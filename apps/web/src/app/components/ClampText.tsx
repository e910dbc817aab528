import { useRef, useState, type ReactNode } from 'react';
import { Tooltip } from 'antd';
import styles from './ClampText.module.css';

/**
 * A text kept to its box: one line (or `lines`) and then "…", the whole text (`full`) in a tooltip on hover when it
 * was cut, as Ant Design's Typography ellipsis does, without the Typography code on the first screen
 * (docs/web.md#the-finished-list-without-antds-table). `muted` greys it (a placeholder such as "--"), `strong` bolds it.
 */
export function ClampText(props: {
  children: ReactNode;
  full?: string;
  lines?: 1 | 2;
  muted?: boolean;
  strong?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const classes = [
    'clamp-text',
    styles.text,
    props.lines === 2 ? styles.two : styles.one,
    props.muted && styles.muted,
    props.strong && styles.strong,
    props.className,
  ];
  const text = (
    <span ref={ref} className={classes.filter(Boolean).join(' ')}>
      {props.children}
    </span>
  );
  if (!props.full) return text;
  const isCut = () => {
    const el = ref.current;
    return !!el && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
  };
  return (
    <Tooltip title={props.full} open={open} onOpenChange={(next) => setOpen(next && isCut())}>
      {text}
    </Tooltip>
  );
}

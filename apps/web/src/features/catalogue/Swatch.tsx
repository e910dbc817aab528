import { Tooltip } from 'antd';

/** One colour of a blank as a round swatch; the name is its tooltip and its accessible name. */
export function Swatch({
  name,
  code,
  size = 16,
  selected = false,
  onClick,
}: {
  name: string;
  code: string;
  size?: number;
  selected?: boolean;
  onClick?: () => void;
}) {
  const style = {
    width: size,
    height: size,
    borderRadius: '50%',
    background: code,
    border: '1px solid rgba(0,0,0,0.15)',
    boxShadow: selected ? '0 0 0 2px #fff, 0 0 0 4px #3350d6' : undefined,
    padding: 0,
    flex: 'none',
    cursor: onClick ? 'pointer' : 'default',
  } as const;
  return (
    <Tooltip title={name}>
      {onClick ? (
        <button type="button" aria-label={name} aria-pressed={selected} style={style} onClick={onClick} />
      ) : (
        <span role="img" aria-label={name} style={{ ...style, display: 'inline-block' }} />
      )}
    </Tooltip>
  );
}

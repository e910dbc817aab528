import { Flex, Tag, Tooltip } from 'antd';

/** Tags shown in the cell; the rest are counted ("+n") and every name is in the tooltip. */
const SHOWN = 2;

/**
 * The 店铺 column (docs/variants.md#the-shop-column): the shops the product was
 * exported or published to, newest first. Rendered from the row's `stores` list, never by splitting the API's
 * comma-joined `store` text: a shop's name may itself hold ", ".
 */
export function ShopsCell({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <>--</>;
  return (
    <Tooltip title={names.join(', ')}>
      <Flex vertical gap={2} align="start" className="finished-shops">
        {names.slice(0, SHOWN).map((n, i) => (
          <Tag key={`${i}-${n}`} className="finished-shop-tag">
            {n}
          </Tag>
        ))}
        {names.length > SHOWN && <span className="finished-label">+{names.length - SHOWN}</span>}
      </Flex>
    </Tooltip>
  );
}

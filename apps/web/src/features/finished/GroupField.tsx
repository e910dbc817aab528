import { Suspense, useState } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { GroupNode } from '@app/contract';
import { useGroupTree } from '../../api';
import { useI18n } from '../../app/i18n';
import { onDemand } from '../../app/onDemand';

const GroupCascader = onDemand(async () => (await import('./GroupCascader')).GroupCascader);
const WIDTH = 160;

/** The names from the top down to the group a path ends at ("夏季 / 爆款"). */
function pathLabel(tree: readonly GroupNode[], path: readonly number[]): string {
  const names: string[] = [];
  let level = tree;
  for (const id of path) {
    const group = level.find((g) => g.id === id);
    if (!group) break;
    names.push(group.name);
    level = group.childlist as GroupNode[];
  }
  return names.join(' / ');
}

/**
 * The search form's custom group (any level). The cascader loads when the seller first opens the field
 * (docs/web.md#where-the-bytes-go); until then the field shows the chosen group's path in its place and size.
 */
export function GroupField({ id, value, onChange }: { id?: string; value?: number[]; onChange?: (value: number[] | undefined) => void }) {
  const { t } = useI18n();
  const groups = useGroupTree();
  const [opened, setOpened] = useState(false);
  const placeholder = (
    <Input
      id={id}
      readOnly
      value={value?.length ? pathLabel(groups.data ?? [], value) : ''}
      placeholder={t('finished.f.anyGroup')}
      suffix={<DownOutlined style={{ color: 'rgba(0,0,0,0.25)', fontSize: 12 }} />}
      style={{ width: WIDTH, cursor: 'pointer' }}
      onFocus={() => setOpened(true)}
      onMouseDown={() => setOpened(true)}
    />
  );
  if (!opened) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <GroupCascader
        id={id}
        value={value}
        onChange={onChange}
        groups={groups.data ?? []}
        placeholder={t('finished.f.anyGroup')}
        width={WIDTH}
      />
    </Suspense>
  );
}

import { Suspense, useMemo, useState } from 'react';
import { LockOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { GROUP_ALL, GROUP_NONE, type GroupNode } from '@app/contract';
import { NavTree, type NavTreeNode } from '../../../app/components';
import { useI18n } from '../../../app/i18n';
import { useGroupTree } from '../../../api';
import { onDemand } from '../../../app/onDemand';

// Loads when opened (docs/web.md#where-the-bytes-go).
const GroupManagerDialog = onDemand(async () => (await import('./GroupManagerDialog')).GroupManagerDialog);

function toTree(nodes: readonly GroupNode[]): NavTreeNode[] {
  return nodes.map((g) => ({
    key: String(g.id),
    title: (
      <span>
        {g.name} {g.locked ? <LockOutlined style={{ color: '#d48806', fontSize: 12 }} aria-label="locked" /> : null}
      </span>
    ),
    children: toTree(g.childlist as GroupNode[]),
  }));
}

/**
 * The custom groups tab (docs/finished.md#the-list): 全部 (-1), 未分组 (0) and the seller's groups; choosing one filters the
 * list (with the groups below it). "管理分组" opens the group manager; closing it refreshes and resets the choice.
 */
export function GroupTree({ selected, onSelect }: { selected: string | undefined; onSelect: (groupId: string | undefined) => void }) {
  const { t } = useI18n();
  const groups = useGroupTree();
  const [managing, setManaging] = useState(false);
  const data = useMemo<NavTreeNode[] | undefined>(
    () =>
      groups.data && [
        { key: String(GROUP_ALL), title: t('finished.type.all') },
        { key: String(GROUP_NONE), title: t('finished.ungrouped') },
        ...toTree(groups.data),
      ],
    [groups.data, t],
  );
  return (
    <Flex vertical gap={8}>
      <Button size="small" icon={<SettingOutlined />} onClick={() => setManaging(true)}>
        {t('finished.side.manageGroups')}
      </Button>
      <NavTree
        nodes={data}
        selected={selected ?? String(GROUP_ALL)}
        onSelect={(key) => onSelect(key === String(GROUP_ALL) ? undefined : key)}
        label={t('finished.side.groups')}
      />
      {managing && (
        <Suspense fallback={null}>
          <GroupManagerDialog
            onClose={() => {
              setManaging(false);
              // docs/finished.md#states: closing the group dialog emits an update and resets the selection.
              onSelect(undefined);
            }}
          />
        </Suspense>
      )}
    </Flex>
  );
}

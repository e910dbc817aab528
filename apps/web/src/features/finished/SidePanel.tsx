import { useMemo } from 'react';
import { Card, Skeleton, Tabs, Tree, type TreeDataNode } from 'antd';
import type { CategoryNode } from '@app/contract';
import { useCategories } from '../../api';
import { useI18n } from '../../app/i18n';
import { GroupTree } from './groups/GroupTree';
import type { Filters } from './useFinishedListState';

const ALL = 'all';

function toTree(nodes: readonly CategoryNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: String(n.id), title: n.name, children: toTree(n.childlist as CategoryNode[]) }));
}

/**
 * The left panel: product categories (choosing one sets cid, its children included) and custom
 * groups (choosing one sets group_id; its own tab manages the groups).
 */
export function SidePanel({ filters, onChange }: { filters: Filters; onChange: (f: Filters) => void }) {
  const { t } = useI18n();
  const categories = useCategories();
  const tree = useMemo<TreeDataNode[]>(
    () => [{ key: ALL, title: t('finished.side.allCategories'), children: toTree(categories.data?.list ?? []) }],
    [categories.data, t],
  );
  return (
    <Card variant="borderless" style={{ width: 200, flex: 'none' }} styles={{ body: { padding: '4px 12px 12px' } }}>
      <Tabs
        defaultActiveKey={filters.group_id ? 'groups' : 'categories'}
        items={[
          {
            key: 'categories',
            label: t('finished.side.categories'),
            // Drawn once the categories are here, so that they show expanded.
            children: !categories.data ? (
              <Skeleton active paragraph={{ rows: 4 }} title={false} />
            ) : (
              <Tree
                blockNode
                defaultExpandAll
                treeData={tree}
                selectedKeys={[filters.cid ?? ALL]}
                onSelect={(keys) => {
                  const key = keys[0];
                  if (key === undefined) return;
                  onChange({ cid: key === ALL ? undefined : String(key) });
                }}
                aria-label={t('finished.side.categories')}
              />
            ),
          },
          {
            key: 'groups',
            label: t('finished.side.groups'),
            children: <GroupTree selected={filters.group_id} onSelect={(id) => onChange({ group_id: id })} />,
          },
        ]}
      />
    </Card>
  );
}

import { useMemo } from 'react';
import type { CategoryNode } from '@app/contract';
import { useCategories } from '../../api';
import { NavTree, PlainTabs, type NavTreeNode } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { GroupTree } from './groups/GroupTree';
import type { Filters } from './useFinishedListState';

const ALL = 'all';

function toTree(nodes: readonly CategoryNode[]): NavTreeNode[] {
  return nodes.map((n) => ({ key: String(n.id), title: n.name, children: toTree(n.childlist as CategoryNode[]) }));
}

/**
 * The left panel: product categories (choosing one sets cid, its children included) and custom
 * groups (choosing one sets group_id; its own tab manages the groups). `fullWidth` on a narrow screen, above the list.
 */
export function SidePanel({ filters, onChange, fullWidth }: { filters: Filters; onChange: (f: Filters) => void; fullWidth?: boolean }) {
  const { t } = useI18n();
  const categories = useCategories();
  const tree = useMemo<NavTreeNode[] | undefined>(
    () => categories.data && [{ key: ALL, title: t('finished.side.allCategories'), children: toTree(categories.data.list) }],
    [categories.data, t],
  );
  return (
    <aside className="finished-panel" style={{ width: fullWidth ? undefined : 200, flex: 'none', paddingTop: 0 }}>
      <PlainTabs
        defaultKey={filters.group_id ? 'groups' : 'categories'}
        items={[
          {
            key: 'categories',
            label: t('finished.side.categories'),
            children: (
              <NavTree
                nodes={tree}
                selected={filters.cid ?? ALL}
                onSelect={(key) => onChange({ cid: key === ALL ? undefined : key })}
                label={t('finished.side.categories')}
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
    </aside>
  );
}

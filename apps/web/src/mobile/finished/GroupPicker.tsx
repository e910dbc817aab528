import { useState } from 'react';
import { CheckList, Popup } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import type { GroupNode } from '@app/contract';
import { useGroupTree } from '../../api';
import { useI18n } from '../../app/i18n';
import styles from './FinishedPage.module.css';

type Flat = { id: number; name: string; depth: number };

/** The tree as one list, each group under its parent, indented by its depth. */
function flatten(nodes: readonly GroupNode[], depth = 0, out: Flat[] = []): Flat[] {
  for (const n of nodes) {
    out.push({ id: n.id, name: n.name, depth });
    flatten(n.childlist as GroupNode[], depth + 1, out);
  }
  return out;
}

/** The group filter: all (-1), ungrouped (0) or a custom group with what is under it. */
export function GroupPicker({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const tree = useGroupTree();
  const groups = flatten(tree.data ?? []);
  const label =
    value === -1 ? t('mobile.finished.allGroups') : value === 0 ? t('mobile.finished.ungrouped') : groups.find((g) => g.id === value)?.name;
  return (
    <>
      <button type="button" className={styles.filter} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span className={styles.filterLabel}>{t('mobile.finished.group')}</span>
        {label ?? t('mobile.finished.allGroups')} <DownOutline fontSize={12} aria-hidden />
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName={styles.sheet}>
        <CheckList
          aria-label={t('mobile.finished.group')}
          value={[String(value)]}
          onChange={(v) => {
            if (v[0] !== undefined) onChange(Number(v[0]));
            setOpen(false);
          }}
        >
          <CheckList.Item value="-1">{t('mobile.finished.allGroups')}</CheckList.Item>
          <CheckList.Item value="0">{t('mobile.finished.ungrouped')}</CheckList.Item>
          {groups.map((g) => (
            <CheckList.Item key={g.id} value={String(g.id)} style={{ paddingLeft: 12 + g.depth * 16 }}>
              {g.name}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>
    </>
  );
}

import { useEffect } from 'react';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useGroupTree } from '../../api';
import {
  AccountFilterFields,
  accountFilterValues,
  useAccountFilters,
  type AccountFilterValues,
} from '../../app/components/AccountFilterFields';
import { useI18n } from '../../app/i18n';
import { CreatedRange } from './CreatedRange';
import { rangeValue, type CreatedRangeValue } from './rangeFormat';
import { GroupField } from './GroupField';
import { groupPath } from './groups/groupPath';
import type { Filters } from './useFinishedListState';

interface Values extends AccountFilterValues {
  name?: string;
  key_id?: string;
  task_id?: string;
  material_img_name?: string;
  range?: CreatedRangeValue;
  group?: number[];
}

/**
 * The search form (docs/finished.md): product name, finished number, synthesis number, creation range (presets
 * 7/30/90 days), accounts and office (a parent's: 本人 = 0 and the sub-accounts; an office's accounts), custom group (any
 * level), material image name.
 * Search (or Enter in a field) puts the values in the URL; Reset clears them.
 */
export function SearchForm({ filters, onSearch }: { filters: Filters; onSearch: (f: Filters, replaceAll?: boolean) => void }) {
  const { t } = useI18n();
  const accountFilters = useAccountFilters();
  const [form] = Form.useForm<Values>();
  const groups = useGroupTree();

  // The URL is the truth: the form shows what the list is filtered by (Back, shared links).
  useEffect(() => {
    form.setFieldsValue({
      name: filters.name,
      key_id: filters.key_id,
      task_id: filters.task_id,
      material_img_name: filters.material_img_name,
      range: rangeValue(filters.start_time, filters.end_time),
      ...accountFilterValues(filters),
    });
  }, [filters, form]);
  // The group's path needs the tree, which may arrive after the seller started typing: set that field
  // alone then, so what they typed in the others stays.
  useEffect(() => {
    form.setFieldsValue({
      group: filters.group_id && Number(filters.group_id) > 0 ? groupPath(groups.data ?? [], Number(filters.group_id)) : undefined,
    });
  }, [filters.group_id, form, groups.data]);

  const submit = (v: Values) => {
    const [from, to] = v.range ?? [null, null];
    onSearch({
      name: v.name?.trim(),
      key_id: v.key_id?.trim(),
      task_id: v.task_id?.trim(),
      material_img_name: v.material_img_name?.trim(),
      start_time: from ? String(from.unix()) : undefined,
      end_time: to ? String(to.unix()) : undefined,
      ...accountFilters.params(v),
      group_id: v.group?.length ? String(v.group[v.group.length - 1]) : undefined,
    });
  };

  const reset = () => {
    form.resetFields();
    onSearch({}, true);
  };

  return (
    <section className="finished-panel" style={{ padding: '12px 16px', marginBottom: 12 }}>
      <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 8 }} aria-label={t('finished.search')}>
        <Form.Item name="name" label={t('finished.f.name')}>
          <Input allowClear placeholder={t('finished.f.namePh')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="key_id" label={t('finished.f.keyId')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="task_id" label={t('finished.f.taskId')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="material_img_name" label={t('finished.f.material')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="range" label={t('finished.f.created')}>
          <CreatedRange />
        </Form.Item>
        <AccountFilterFields />
        <Form.Item name="group" label={t('finished.f.group')}>
          <GroupField />
        </Form.Item>
        <Form.Item style={{ marginInlineEnd: 0 }}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('finished.searchBtn')}
          </Button>
          <Button style={{ marginInlineStart: 8 }} icon={<ReloadOutlined />} onClick={reset}>
            {t('finished.reset')}
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}

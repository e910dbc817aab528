import { useEffect } from 'react';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import {
  AccountFilterFields,
  accountFilterValues,
  useAccountFilters,
  type AccountFilterValues,
} from '../../app/components/AccountFilterFields';
import { useI18n } from '../../app/i18n';
import { CreatedRange, rangeValue, type CreatedRangeValue } from '../finished';
import type { OrderFilters } from './useOrdersListState';

interface Values extends AccountFilterValues {
  keyword?: string;
  range?: CreatedRangeValue;
}

/**
 * The order list's search: order number or recipient, the day range it was ordered in (the finished list's field), and
 * for a parent account its accounts (本人 = 0 and the sub-accounts, as on the finished list) and its offices (the
 * orders of the office's accounts). Search puts them in the address; Reset clears them (the status tab stays).
 */
export function SearchForm({ filters, onSearch }: { filters: OrderFilters; onSearch: (f: OrderFilters) => void }) {
  const { t } = useI18n();
  const accountFilters = useAccountFilters();
  const [form] = Form.useForm<Values>();

  // The address is the truth: the form shows what the list is filtered by (Back, shared links).
  useEffect(() => {
    form.setFieldsValue({
      keyword: filters.keyword,
      range: rangeValue(filters.start_time, filters.end_time),
      ...accountFilterValues(filters),
    });
  }, [filters, form]);

  const submit = (v: Values) => {
    const [from, to] = v.range ?? [null, null];
    onSearch({
      keyword: v.keyword?.trim(),
      start_time: from ? String(from.unix()) : undefined,
      end_time: to ? String(to.unix()) : undefined,
      ...accountFilters.params(v),
    });
  };

  const reset = () => {
    form.resetFields();
    onSearch({ keyword: undefined, start_time: undefined, end_time: undefined, userids: undefined, office_id: undefined });
  };

  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 8 }} aria-label={t('orders.search')}>
      <Form.Item name="keyword">
        <Input allowClear aria-label={t('orders.f.keyword')} placeholder={t('orders.f.keywordPh')} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="range" label={t('orders.f.created')}>
        <CreatedRange />
      </Form.Item>
      <AccountFilterFields />
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('orders.searchBtn')}
        </Button>
        <Button style={{ marginInlineStart: 8 }} icon={<ReloadOutlined />} onClick={reset}>
          {t('orders.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}

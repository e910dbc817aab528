import { useEffect } from 'react';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useAccountOptions, useOffices } from '../../api';
import { useI18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { CreatedRange, type CreatedRangeValue } from '../finished';
import type { OrderFilters } from './useOrdersListState';

interface Values {
  keyword?: string;
  range?: CreatedRangeValue;
  userids?: number[];
  office_id?: number;
}

/**
 * The order list's search: order number or recipient, the day range it was ordered in (the finished list's field), and
 * for a parent account its accounts (本人 = 0 and the sub-accounts, as on the finished list) and its offices (the
 * orders of the office's accounts). Search puts them in the address; Reset clears them (the status tab stays).
 */
export function SearchForm({ filters, onSearch }: { filters: OrderFilters; onSearch: (f: OrderFilters) => void }) {
  const { t } = useI18n();
  const me = useCurrentUser();
  const [form] = Form.useForm<Values>();
  const accounts = useAccountOptions();
  const offices = useOffices();

  // The address is the truth: the form shows what the list is filtered by (Back, shared links).
  useEffect(() => {
    form.setFieldsValue({
      keyword: filters.keyword,
      range:
        filters.start_time || filters.end_time
          ? [
              filters.start_time ? dayjs.unix(Number(filters.start_time)) : null,
              filters.end_time ? dayjs.unix(Number(filters.end_time)) : null,
            ]
          : null,
      userids: filters.userids ? filters.userids.split(',').map(Number) : undefined,
      office_id: filters.office_id ? Number(filters.office_id) : undefined,
    });
  }, [filters, form]);

  const submit = (v: Values) => {
    const [from, to] = v.range ?? [null, null];
    onSearch({
      keyword: v.keyword?.trim(),
      start_time: from ? String(from.unix()) : undefined,
      end_time: to ? String(to.unix()) : undefined,
      userids: v.userids?.length ? v.userids.join(',') : undefined,
      office_id: v.office_id !== undefined ? String(v.office_id) : undefined,
    });
  };

  const reset = () => {
    form.resetFields();
    onSearch({ keyword: undefined, start_time: undefined, end_time: undefined, userids: undefined, office_id: undefined });
  };

  const accountOptions = (accounts.data?.list ?? []).map((a) => ({
    value: a.id,
    label: a.id === 0 ? a.nickname : `${a.nickname || a.username} (${a.username})`,
  }));

  const family = me.is_parent && accountOptions.length > 1;
  const officeOptions = (offices.data ?? []).map((o) => ({ value: o.id, label: o.name }));

  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 8 }} aria-label={t('orders.search')}>
      <Form.Item name="keyword">
        <Input allowClear aria-label={t('orders.f.keyword')} placeholder={t('orders.f.keywordPh')} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="range" label={t('orders.f.created')}>
        <CreatedRange />
      </Form.Item>
      {family && (
        <Form.Item name="userids" label={t('orders.f.accounts')}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            options={accountOptions}
            style={{ width: 170 }}
            placeholder={t('orders.f.allAccounts')}
          />
        </Form.Item>
      )}
      {family && officeOptions.length > 0 && (
        <Form.Item name="office_id">
          <Select
            allowClear
            aria-label={t('orders.f.office')}
            options={officeOptions}
            style={{ width: 140 }}
            placeholder={t('orders.f.allOffices')}
          />
        </Form.Item>
      )}
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

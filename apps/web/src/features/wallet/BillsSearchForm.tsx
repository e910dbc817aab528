import { useEffect } from 'react';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Select } from 'antd';
import { BILL_TYPES } from '@app/contract';
import {
  AccountFilterFields,
  accountFilterValues,
  useAccountFilters,
  type AccountFilterValues,
} from '../../app/components/AccountFilterFields';
import { useI18n } from '../../app/i18n';
import { CreatedRange, rangeValue, type CreatedRangeValue } from '../finished';
import type { BillFilters } from './useBillsState';

interface Values extends AccountFilterValues {
  type?: number;
  range?: CreatedRangeValue;
}

const NO_FILTERS: BillFilters = { type: undefined, start_time: undefined, end_time: undefined, userids: undefined, office_id: undefined };

/**
 * The bills' search (docs/orders.md#bills): the type, the days moved in (whole days: the first's 00:00:00 to the
 * last's 23:59:59, as unix seconds), and for a parent with sub-accounts the accounts (本人 = 0 and the sub-accounts, as
 * on the order list) and the office recorded on the line. Search puts them in the address; Reset clears them.
 */
export function BillsSearchForm({ filters, onSearch }: { filters: BillFilters; onSearch: (f: BillFilters) => void }) {
  const { t } = useI18n();
  const accountFilters = useAccountFilters();
  const [form] = Form.useForm<Values>();

  // The address is the truth: the form shows what the bills are filtered by (Back, shared links).
  useEffect(() => {
    form.setFieldsValue({
      type: filters.type ? Number(filters.type) : undefined,
      range: rangeValue(filters.start_time, filters.end_time),
      ...accountFilterValues(filters),
    });
  }, [filters, form]);

  const submit = (v: Values) => {
    const [from, to] = v.range ?? [null, null];
    onSearch({
      type: v.type ? String(v.type) : undefined,
      start_time: from ? String(from.startOf('day').unix()) : undefined,
      end_time: to ? String(to.endOf('day').unix()) : undefined,
      ...accountFilters.params(v),
    });
  };

  const reset = () => {
    form.resetFields();
    onSearch(NO_FILTERS);
  };

  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 8 }} aria-label={t('wallet.search')}>
      <Form.Item name="type">
        <Select
          allowClear
          aria-label={t('wallet.f.type')}
          style={{ width: 120 }}
          placeholder={t('wallet.f.allTypes')}
          options={BILL_TYPES.map((type) => ({ value: type, label: t(`wallet.type.${type}`) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('wallet.f.days')}>
        <CreatedRange days />
      </Form.Item>
      <AccountFilterFields />
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('wallet.searchBtn')}
        </Button>
        <Button style={{ marginInlineStart: 8 }} icon={<ReloadOutlined />} onClick={reset}>
          {t('wallet.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}

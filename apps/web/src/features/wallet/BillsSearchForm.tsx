import { useEffect } from 'react';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Select } from 'antd';
import dayjs from 'dayjs';
import { BILL_TYPES } from '@app/contract';
import { useAccountOptions, useOffices } from '../../api';
import { useI18n } from '../../app/i18n';
import { CreatedRange, type CreatedRangeValue } from '../finished';
import type { BillFilters } from './useBillsState';

interface Values {
  type?: number;
  range?: CreatedRangeValue;
  userids?: number[];
  office_id?: number;
}

const NO_FILTERS: BillFilters = { type: undefined, start_time: undefined, end_time: undefined, userids: undefined, office_id: undefined };

/**
 * The bills' search (docs/orders.md#bills): the type, the days moved in (whole days: the first's 00:00:00 to the
 * last's 23:59:59, as unix seconds), and for a parent with sub-accounts the accounts (本人 = 0 and the sub-accounts, as
 * on the order list) and the office recorded on the line. Search puts them in the address; Reset clears them.
 */
export function BillsSearchForm({
  filters,
  family,
  onSearch,
}: {
  filters: BillFilters;
  family: boolean;
  onSearch: (f: BillFilters) => void;
}) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const accounts = useAccountOptions();
  const offices = useOffices();

  // The address is the truth: the form shows what the bills are filtered by (Back, shared links).
  useEffect(() => {
    form.setFieldsValue({
      type: filters.type ? Number(filters.type) : undefined,
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
      type: v.type ? String(v.type) : undefined,
      start_time: from ? String(from.startOf('day').unix()) : undefined,
      end_time: to ? String(to.endOf('day').unix()) : undefined,
      userids: family && v.userids?.length ? v.userids.join(',') : undefined,
      office_id: family && v.office_id !== undefined ? String(v.office_id) : undefined,
    });
  };

  const reset = () => {
    form.resetFields();
    onSearch(NO_FILTERS);
  };

  const accountOptions = (accounts.data?.list ?? []).map((a) => ({
    value: a.id,
    label: a.id === 0 ? a.nickname : `${a.nickname || a.username} (${a.username})`,
  }));
  const officeOptions = (offices.data ?? []).map((o) => ({ value: o.id, label: o.name }));

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
      {family && (
        <Form.Item name="userids">
          <Select
            mode="multiple"
            allowClear
            aria-label={t('wallet.f.accounts')}
            maxTagCount="responsive"
            options={accountOptions}
            style={{ width: 180 }}
            placeholder={t('wallet.f.allAccounts')}
          />
        </Form.Item>
      )}
      {family && officeOptions.length > 0 && (
        <Form.Item name="office_id">
          <Select
            allowClear
            aria-label={t('wallet.f.office')}
            options={officeOptions}
            style={{ width: 140 }}
            placeholder={t('wallet.f.allOffices')}
          />
        </Form.Item>
      )}
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

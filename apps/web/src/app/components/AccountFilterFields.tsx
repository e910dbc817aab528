import { useMemo } from 'react';
import { Form, Select } from 'antd';
import { useAccountOptions, useOffices } from '../../api';
import { useI18n } from '../i18n';
import { useCurrentUser } from '../layout';

/** The account filters as a list's address keeps them: ids joined by commas, the office's id. */
export interface AccountFilterParams {
  userids?: string;
  office_id?: string;
}
/** The same in a search form. */
export interface AccountFilterValues {
  userids?: number[];
  office_id?: number;
}

/** The address's account filters as the form shows them. */
export function accountFilterValues(f: AccountFilterParams): AccountFilterValues {
  return {
    userids: f.userids ? f.userids.split(',').map(Number) : undefined,
    office_id: f.office_id ? Number(f.office_id) : undefined,
  };
}

/** The form's account filters back to the address; an account that is not a family's parent sends none. */
export function accountFilterParams(v: AccountFilterValues, family: boolean): AccountFilterParams {
  return {
    userids: family && v.userids?.length ? v.userids.join(',') : undefined,
    office_id: family && v.office_id !== undefined ? String(v.office_id) : undefined,
  };
}

/**
 * Whether the signed-in account is a parent with sub-accounts (docs/domain.md#accounts-and-scope): only then do lists offer to
 * filter by account (本人 = 0 and the sub-accounts) and by office (the office's accounts).
 */
export function useFamily() {
  const me = useCurrentUser();
  const accounts = useAccountOptions();
  const list = accounts.data?.list ?? [];
  return { family: me.is_parent && list.length > 1, accounts: list };
}

/** The form's account filters back to the address, for the signed-in account (accountFilterValues is the way in). */
export function useAccountFilters() {
  const { family } = useFamily();
  return useMemo(() => ({ params: (v: AccountFilterValues) => accountFilterParams(v, family) }), [family]);
}

/**
 * The account and office selects of a list's search form (finished products, orders, bills): shown to a family's
 * parent only, the office one once the family has offices. Their fields are `userids` and `office_id`.
 */
export function AccountFilterFields() {
  const { t } = useI18n();
  const { family, accounts } = useFamily();
  const offices = useOffices({ enabled: family });
  if (!family) return null;
  const accountOptions = accounts.map((a) => ({
    value: a.id,
    label: a.id === 0 ? a.nickname : `${a.nickname || a.username} (${a.username})`,
  }));
  const officeOptions = (offices.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  return (
    <>
      <Form.Item name="userids">
        <Select
          mode="multiple"
          allowClear
          aria-label={t('filters.accounts')}
          maxTagCount="responsive"
          options={accountOptions}
          style={{ width: 180 }}
          placeholder={t('filters.allAccounts')}
        />
      </Form.Item>
      {officeOptions.length > 0 && (
        <Form.Item name="office_id">
          <Select
            allowClear
            aria-label={t('filters.office')}
            options={officeOptions}
            style={{ width: 140 }}
            placeholder={t('filters.allOffices')}
          />
        </Form.Item>
      )}
    </>
  );
}

import { Select } from 'antd';
import { KEYWORD_BAN_PLATFORM_CODES } from '@app/contract';
import { useI18n, type StringKey } from '../../app/i18n';

export const platformKey = (p: number) => `bannedWords.platform.${p}` as StringKey;

/** The marketplaces a banned word applies to (0: all of them), for the filter, the paste box and the check box. */
export function PlatformSelect(props: {
  value?: number;
  onChange?: (v: number) => void;
  allowClear?: boolean;
  placeholder?: string;
  ariaLabel: string;
}) {
  const { t } = useI18n();
  return (
    <Select<number>
      value={props.value}
      onChange={props.onChange}
      allowClear={props.allowClear}
      placeholder={props.placeholder}
      aria-label={props.ariaLabel}
      style={{ minWidth: 170 }}
      options={KEYWORD_BAN_PLATFORM_CODES.map((p) => ({ value: p, label: t(platformKey(p)) }))}
    />
  );
}

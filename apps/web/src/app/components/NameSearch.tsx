import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

/**
 * The search by name above a seller's list (templates, keyword sets, watermarks…): the name lives in the URL's
 * `name`, a new search goes back to page 1, and the box shows the URL's name again after back/forward.
 */
export function NameSearch({
  name,
  label,
  setParam,
  width = 280,
}: {
  name: string;
  label: string;
  setParam: (changes: { name: string | undefined; page: undefined }) => void;
  width?: number;
}) {
  return (
    <Input.Search
      allowClear
      defaultValue={name}
      // Re-mounted when the URL's name changes (back/forward), so the box shows it.
      key={name}
      placeholder={label}
      prefix={<SearchOutlined />}
      style={{ width }}
      onSearch={(v) => setParam({ name: v.trim() || undefined, page: undefined })}
      aria-label={label}
    />
  );
}

import { ExportOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { PublishPlatform } from '@app/contract';

/** The marketplace's publish page: the marketplace's own name followed by "-publish". */
export const publishPagePath = (platform: PublishPlatform) => (platform === 2 ? '/aliexpress-publish' : '/tiktok-publish');
/** The marketplace's product templates page. */
export const templatesPagePath = (platform: PublishPlatform) => (platform === 2 ? '/aliexpress-templates' : '/tiktok-templates');

/** Opens one of the app's pages in a new tab (the dialog and its choices stay as they are). */
export const newTabLink = (path: string, text: string) => (
  <Typography.Link href={path} target="_blank" rel="noopener" style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
    {text} <ExportOutlined />
  </Typography.Link>
);

import type { ReactNode } from 'react';
import { ExportOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';

/** Opens one of the app's pages in a new tab (a dialog and its choices stay as they are). */
export const newTabLink = (path: string, text: string) => (
  <Typography.Link href={path} target="_blank" rel="noopener" style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
    {text} <ExportOutlined />
  </Typography.Link>
);

/** A form field's label with the page that manages its choices beside it, opened in a new tab. */
export const labelWithPage = (label: ReactNode, path: string, linkText: string) => (
  <Flex gap={12} align="baseline">
    {label}
    {newTabLink(path, linkText)}
  </Flex>
);

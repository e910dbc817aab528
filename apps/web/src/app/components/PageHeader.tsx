import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** Title row of a back-office page: what the page is, one line on what it is for, its main actions. */
export function PageHeader({ title, subtitle, extra }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 20 }}>
      <div style={{ minWidth: 0, flex: '1 1 320px' }}>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 22 }}>
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', maxWidth: 720 }}>
            {subtitle}
          </Typography.Paragraph>
        )}
      </div>
      {extra && <Flex gap={8}>{extra}</Flex>}
    </Flex>
  );
}

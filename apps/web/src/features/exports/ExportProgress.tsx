import { Alert, Flex, Progress, Typography } from 'antd';
import type { ExportRecord } from '@app/contract';
import { useI18n } from '../../app/i18n';

/**
 * A started export as the dialog shows it (docs/export-dialog.md): its progress while it runs; on failure
 * the reason (the call's refusal, the job's error or the record's) and the products refused, each with why.
 */
export function ExportProgress({
  running,
  progress,
  reason,
  refused,
}: {
  running: boolean;
  progress: { done: number; total: number } | null | undefined;
  reason: string | undefined;
  refused: ExportRecord['errors'];
}) {
  const { t } = useI18n();
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <>
      {running && (
        <Flex vertical gap={4} style={{ marginTop: 16 }} data-testid="export-progress">
          <Typography.Text>
            {progress ? t('export.running', { done: progress.done, total: progress.total }) : t('export.queued')}
          </Typography.Text>
          <Progress percent={percent} status="active" />
        </Flex>
      )}
      {reason !== undefined && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={t('export.failed', { reason })}
          data-testid="export-failure"
          description={
            refused.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 120, overflowY: 'auto' }}>
                {refused.map((e) => (
                  <li key={e.finished_id}>
                    {e.key_id}: {e.reasons.join('；')}
                  </li>
                ))}
              </ul>
            )
          }
        />
      )}
    </>
  );
}

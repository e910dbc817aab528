import { Alert, Flex, Typography } from 'antd';
import type { DataOf, PublishPlatform, routes } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { newTabLink } from '../../app/components';
import { publishPagePath } from './links';

export type Preflight = DataOf<typeof routes.tiktokPreflight>;
/** A publish the server accepted: its batch, for the link to the marketplace's publish page. */
export interface Sent {
  platform: PublishPlatform;
  batchId: string;
  count: number;
  refused: number;
  popupBlocked: boolean;
}

/**
 * What the last check or publish came to (docs/publish-tab.md): the pre-flight report (which products would be
 * refused, and why), a refused publish's reason, or the batch sent with the link to its progress.
 */
export function PublishOutcome({
  report,
  failure,
  sent,
  keyOf,
}: {
  report: Preflight | undefined;
  failure: string | undefined;
  sent: Sent | undefined;
  /** The finished product's number (key_id) shown for a product id. */
  keyOf: (id: number) => string;
}) {
  const { t } = useI18n();
  return (
    <>
      {report && (
        <Alert
          data-testid="preflight-report"
          type={report.refused.length === 0 ? 'success' : report.ok_ids.length === 0 ? 'error' : 'warning'}
          showIcon
          title={
            report.refused.length === 0
              ? t('publish.preflightAllOk', { ok: report.ok_ids.length })
              : report.ok_ids.length === 0
                ? t('publish.preflightNone')
                : t('publish.preflightTitle', { ok: report.ok_ids.length, bad: report.refused.length })
          }
          description={
            report.refused.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 160, overflowY: 'auto' }}>
                {report.refused.map((r) => (
                  <li key={r.id}>
                    <Typography.Text strong>{r.key_id || keyOf(r.id)}</Typography.Text>：{r.reasons.join('；')}
                  </li>
                ))}
              </ul>
            )
          }
        />
      )}
      {/* The title each product's listing gets (docs/listing-tools.md#titles): what the seller checks before sending. */}
      {report && report.titles.length > 0 && (
        <div data-testid="preflight-titles">
          <Typography.Text type="secondary">{t('titles.preflightTitles')}</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 160, overflowY: 'auto' }}>
            {report.titles.map((r) => (
              <li key={r.id}>
                <Typography.Text type="secondary">{keyOf(r.id)}</Typography.Text>：{r.title}
              </li>
            ))}
          </ul>
        </div>
      )}
      {failure !== undefined && (
        <Alert data-testid="publish-failure" type="error" showIcon title={t('publish.failed', { reason: failure })} />
      )}
      {sent && (
        <Alert
          data-testid="publish-sent"
          type="success"
          showIcon
          title={t('publish.sent', { n: sent.count })}
          description={
            <Flex vertical gap={2}>
              {sent.refused > 0 && <span>{t('publish.sentRefused', { n: sent.refused })}</span>}
              {sent.popupBlocked && <span>{t('publish.popupBlocked')}</span>}
              {newTabLink(`${publishPagePath(sent.platform)}?batch_id=${encodeURIComponent(sent.batchId)}`, t('publish.openProgress'))}
            </Flex>
          }
        />
      )}
    </>
  );
}

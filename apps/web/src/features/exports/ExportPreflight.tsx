import { Alert, Collapse, Typography } from 'antd';
import type { ExportPreflight as Report } from '@app/contract';
import { useI18n } from '../../app/i18n';

/** Titles shown open up to this many; more are folded so the refused products stay in view. */
const OPEN_TITLES = 5;
const listStyle = { margin: 0, paddingInlineStart: 18, maxHeight: 160, overflowY: 'auto' } as const;

/**
 * The export's pre-flight (docs/export-dialog.md#pre-flight), in the look of the publish tab's report: every
 * selected product the export would refuse with its reasons, the notes on the ones it writes, and the title
 * each written product gets (folded when many).
 */
export function ExportPreflight({
  report,
  checking,
  count,
  failure,
}: {
  report: Report | undefined;
  checking: boolean;
  count: number;
  failure: string | undefined;
}) {
  const { t } = useI18n();
  if (failure !== undefined)
    return <Alert data-testid="export-preflight" type="error" showIcon title={t('export.preflightFailed', { reason: failure })} />;
  if (!report) return checking ? <Typography.Text type="secondary">{t('export.preflightChecking', { n: count })}</Typography.Text> : null;
  const { ok_ids: ok, refused, warnings, titles } = report;
  const titleList = (
    <ul style={listStyle}>
      {titles.map((r) => (
        <li key={r.id}>
          {/* Named by its number: two products often get the same family title. */}
          <Typography.Text type="secondary">{r.key_id}</Typography.Text>：{r.title}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <Alert
        data-testid="export-preflight"
        type={refused.length === 0 ? 'success' : ok.length === 0 ? 'error' : 'warning'}
        showIcon
        title={
          refused.length === 0
            ? t('export.preflightAllOk', { ok: ok.length })
            : ok.length === 0
              ? t('export.preflightNone')
              : t('export.preflightTitle', { ok: ok.length, bad: refused.length })
        }
        description={
          refused.length > 0 && (
            <ul style={listStyle}>
              {refused.map((r) => (
                <li key={r.id}>
                  <Typography.Text strong>{r.key_id}</Typography.Text>：{r.reasons.join('；')}
                </li>
              ))}
            </ul>
          )
        }
      />
      {warnings.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 8 }}
          title={t('export.preflightWarnings', { n: warnings.length })}
          description={
            <ul style={listStyle}>
              {warnings.map((w) => (
                <li key={w.id}>
                  {/* id 0: about the whole file (the handling days it has no column for), under no product. */}
                  {w.key_id && <Typography.Text strong>{w.key_id}：</Typography.Text>}
                  {w.warnings.join('；')}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {titles.length > 0 && (
        <Collapse
          data-testid="export-preflight-titles"
          size="small"
          ghost
          style={{ marginTop: 4 }}
          defaultActiveKey={titles.length <= OPEN_TITLES ? ['titles'] : []}
          items={[{ key: 'titles', label: t('export.preflightTitles', { n: titles.length }), children: titleList }]}
        />
      )}
    </>
  );
}

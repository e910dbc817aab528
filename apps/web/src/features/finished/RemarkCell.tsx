import { EditOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { Link, useLocation } from 'react-router';
import type { FinishedRow } from '@app/contract';
import { ClampText } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { FROM_LIST, rowDialogTo } from './dialogAddress';

/**
 * The remark cell (docs/finished.md#the-list): the remark kept inside its column (two lines, then an ellipsis; the whole text on
 * hover) and an edit icon linking to the remark editor.
 */
export function RemarkCell({ row }: { row: FinishedRow }) {
  const { t } = useI18n();
  const { search } = useLocation();
  return (
    <Flex align="start" gap={2} onClick={(e) => e.stopPropagation()} className="finished-remark">
      <ClampText lines={2} full={row.remark || undefined} muted={!row.remark} className="finished-remark-text">
        {row.remark || '--'}
      </ClampText>
      <Link
        to={rowDialogTo(row.key_id, 'remark', search)}
        state={FROM_LIST}
        aria-label={t('finished.remark.edit')}
        className="finished-remark-edit"
      >
        <EditOutlined />
      </Link>
    </Flex>
  );
}

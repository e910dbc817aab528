import { CrownFilled } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { UserLevel } from '@app/contract';
import { useI18n } from '../i18n';

const COLORS: Record<UserLevel, string | undefined> = { 0: undefined, 1: 'blue', 2: 'purple', 3: 'gold' };

/** The membership level of an account (0 to 3, docs/domain.md#accounts-and-scope), shown as V0–V3. */
export function LevelTag({ level }: { level: UserLevel }) {
  const { t } = useI18n();
  return (
    <Tooltip title={t('user.level', { level })}>
      <Tag color={COLORS[level]} icon={<CrownFilled />} style={{ marginInlineEnd: 0 }} aria-label={t('user.level', { level })}>
        V{level}
      </Tag>
    </Tooltip>
  );
}

import { Flex, Tabs } from 'antd';
import { useI18n } from '../../app/i18n';
import type { EditorState } from './model';

/** The product's design areas above the canvas, each with its outline as a small picture; a tab switches area. */
export function AreaTabs({ state, onSwitch }: { state: EditorState; onSwitch: (areaId: string) => void }) {
  const { lang } = useI18n();
  return (
    <Tabs
      activeKey={state.currentAreaId}
      onChange={onSwitch}
      items={state.areaList.map((a) => ({
        key: a.id,
        label: (
          <Flex align="center" gap={6}>
            <svg width={18} height={18} viewBox="0 0 600 600" aria-hidden>
              <path d={a.areaPath} fill="#dcfce7" stroke="#16a34a" strokeWidth={24} />
            </svg>
            {a.name[lang]}
          </Flex>
        ),
      }))}
      style={{ marginBottom: -8 }}
    />
  );
}

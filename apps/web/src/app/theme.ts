import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#3451d1';

const fontFamily = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  'sans-serif',
].join(', ');

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorBgLayout: '#f4f6fb',
    borderRadius: 8,
    fontFamily,
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 64, headerPadding: '0 24px', bodyBg: '#f4f6fb' },
    Menu: {
      itemBorderRadius: 8,
      itemMarginInline: 12,
      itemHeight: 40,
      groupTitleFontSize: 12,
      itemSelectedBg: '#edf0fc',
      activeBarBorderWidth: 0,
    },
    Card: { headerFontSize: 15 },
    Table: { headerBg: '#f8f9fc' },
  },
};

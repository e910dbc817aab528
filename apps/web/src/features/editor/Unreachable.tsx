import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useI18n } from '../../app/i18n';

/**
 * Back to where the seller came from: the previous page of this tab, else the page that opened the editor in
 * a new tab (a same-origin referrer: the finished list, a product's detail page), else the home page.
 */
export function useGoBack() {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) return void navigate(-1);
    const referrer = document.referrer ? new URL(document.referrer) : null;
    if (referrer && referrer.origin === window.location.origin && referrer.pathname !== '/design')
      return void navigate(referrer.pathname + referrer.search);
    void navigate('/');
  }, [navigate]);
}

/** The editor cannot open (no such product, SKU or finished product): say why and offer the way back. */
export function Unreachable({ status, title, hint }: { status: 'warning' | 'error'; title: string; hint?: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const goBack = useGoBack();
  return (
    <Result
      status={status}
      title={title}
      subTitle={hint ?? t('editor.missingHint')}
      extra={[
        <Button key="back" type="primary" icon={<ArrowLeftOutlined />} onClick={goBack}>
          {t('editor.back')}
        </Button>,
        <Button key="home" icon={<HomeOutlined />} onClick={() => void navigate('/')}>
          {t('editor.backHome')}
        </Button>,
      ]}
    />
  );
}

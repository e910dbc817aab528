import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { rechargeAmount } from '@app/contract';
import { useStartRecharge } from '../../api';
import { useI18n } from '../../app/i18n';

/**
 * The amount of a recharge (docs/orders.md#recharging), checked as the server checks it (0.01–100000.00, two
 * decimals at most); confirming opens the provider's pay page in this tab, which comes back to /wallet?recharge=<id>.
 */
export function RechargeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, m } = useI18n();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const start = useStartRecharge();
  const valid = rechargeAmount(amount);
  const error = touched && !valid ? m('rechargeAmountInvalid') : undefined;

  const submit = () => {
    setTouched(true);
    if (!valid) return;
    start.mutate(valid, { onSuccess: (r) => window.location.assign(r.pay_url) });
  };

  return (
    <Modal
      open={open}
      title={t('wallet.rechargeTitle')}
      okText={t('wallet.toPay')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      // Kept busy until the browser has left for the pay page.
      confirmLoading={start.isPending || start.isSuccess}
      destroyOnHidden
      afterClose={() => {
        setAmount('');
        setTouched(false);
        start.reset();
      }}
    >
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={t('wallet.amount')} validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 12 }}>
          <Input
            autoFocus
            inputMode="decimal"
            prefix="¥"
            size="large"
            placeholder={t('wallet.amountPlaceholder')}
            value={amount}
            onChange={(e) => setAmount(e.target.value.trim())}
            onBlur={() => amount && setTouched(true)}
            onPressEnter={submit}
            aria-label={t('wallet.amount')}
          />
        </Form.Item>
        <Typography.Text type="secondary">{t('wallet.amountHint')}</Typography.Text>
      </Form>
    </Modal>
  );
}

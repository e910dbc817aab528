import { WalletOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { formatMoney } from '@app/contract';
import { useWalletInfo } from '../../api';
import { useI18n } from '../../app/i18n';

/**
 * The wallet's balance beside the order pages' title (docs/orders.md#the-wallet: a sub-account sees its family's): what
 * payments take from. It is fetched again after every payment and cancel. 去充值 opens the wallet page.
 */
export function WalletBalance() {
  const { t } = useI18n();
  const wallet = useWalletInfo();
  return (
    <Flex className="orders-wallet" align="center" gap={12} data-testid="wallet-balance">
      <WalletOutlined style={{ fontSize: 20, color: '#1677ff' }} />
      <Flex vertical>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('orders.balance')}
        </Typography.Text>
        <span className="orders-wallet-amount">{wallet.data ? formatMoney(wallet.data.balance, wallet.data.currency) : '—'}</span>
      </Flex>
      <Link to="/wallet">{t('orders.goWallet')}</Link>
    </Flex>
  );
}

import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useCartCount, useCartSync } from '../../api';
import { useI18n } from '../i18n';

/**
 * The cart in the header of every back-office page: its number of lines (docs/domain.md#cart), opening /cart. It
 * follows adds and changes at once, in this tab and in others (the editor's tab, the design popup). The count is a
 * span of our own, not antd's Badge: every page downloads the header (docs/web.md#the-budget).
 */
export function CartButton() {
  const { t } = useI18n();
  useCartSync();
  const count = useCartCount().data ?? 0;
  return (
    <Link to="/cart" title={t('nav.cart')} aria-label={t('nav.cartCount', { count })} className="header-cart" data-count={count}>
      <ShoppingCartOutlined style={{ fontSize: 20 }} />
      {count > 0 && (
        <span className="header-cart-count" aria-hidden>
          {count > 999 ? '999+' : count}
        </span>
      )}
    </Link>
  );
}

import type { CSSProperties } from 'react';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSetFavorite } from '../../api';
import { useI18n } from '../../app/i18n';

/**
 * 收藏 / 已收藏: saves a blank to the account's personal product library or takes it out
 * (docs/mobile.md#the-personal-product-library). `favorite` is the cached flag, which the call sets at once
 * (optimistic) and sets back if it fails; a click while the call is on its way is not a second one. The catalogue's
 * pages sit behind the login (a visitor is sent to it before any page renders), so there is always an account.
 */
export function FavoriteButton(props: {
  productId: number;
  favorite: boolean;
  size?: 'small' | 'middle' | 'large';
  style?: CSSProperties;
  /** After the server saved it (true) or took it out (false). */
  onDone?: (favorite: boolean) => void;
}) {
  const { t } = useI18n();
  const setFavorite = useSetFavorite();
  const { productId, favorite } = props;
  const toggle = () => {
    if (setFavorite.isPending) return;
    setFavorite.mutate({ productId, favorite: !favorite }, { onSuccess: () => props.onDone?.(!favorite) });
  };
  return (
    <Button
      size={props.size}
      style={props.style}
      aria-pressed={favorite}
      aria-busy={setFavorite.isPending || undefined}
      // The star is the text's picture, not a name of its own: the button is called 收藏 / 已收藏.
      icon={favorite ? <StarFilled aria-hidden style={{ color: '#faad14' }} /> : <StarOutlined aria-hidden />}
      onClick={toggle}
    >
      {favorite ? t('catalogue.favorited') : t('catalogue.favorite')}
    </Button>
  );
}

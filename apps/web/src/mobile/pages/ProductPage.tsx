import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../shell/router';
import { Button, Selector, Swiper, Toast } from 'antd-mobile';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { designAreaName, skuColors, type ProductDetail } from '@app/contract';
import { ApiError, hasSessionCookie, useProduct, useSetFavorite } from '../../api';
import { useI18n } from '../../app/i18n';
import { PhoneEmpty, PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import { positiveIdParam } from '../../app/urlParams';
import { phoneLoginUrl } from '../shell/phoneLogin';
import styles from './ProductPage.module.css';
import { yuan } from '../components/yuan';

/**
 * /mobile-productdtl?id=: a blank on the phone: its photos in the chosen colour, colours, sizes with prices, design
 * areas, 收藏 to the personal product library, and 开始设计 (the editor, in a new tab).
 */
export function ProductPage() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const id = positiveIdParam(search.get('id')) ?? undefined;
  const product = useProduct(id);
  if (id === undefined || (product.error instanceof ApiError && product.error.status === 404)) {
    return <PhoneEmpty>{t('mobile.noProducts')}</PhoneEmpty>;
  }
  if (product.isPending) return <PhoneLoading />;
  if (product.isError) return <PhoneFailed error={product.error} retry={() => void product.refetch()} />;
  return <ProductView product={product.data} />;
}

function ProductView({ product: p }: { product: ProductDetail }) {
  const { t, lang } = useI18n();
  const colors = useMemo(() => skuColors(p.attr_list), [p.attr_list]);
  const [color, setColor] = useState(colors[0]?.name ?? '');
  const [size, setSize] = useState(p.attr_list[0]?.size ?? '');
  const ofColor = p.attr_list.filter((a) => a.color === color);
  // A size the chosen colour does not come in falls back to its first.
  const sku = ofColor.find((a) => a.size === size) ?? ofColor[0];
  const photos = sku?.templates.length ? sku.templates : [p.thumb];
  const allowed = p.authorization === 1;
  return (
    <div className={styles.page}>
      <Swiper key={color} className={styles.photos} indicatorProps={{ color: 'primary' }}>
        {photos.map((src, i) => (
          <Swiper.Item key={src}>
            <img src={src} alt={`${p.name} ${color} ${p.psds[i]?.name ?? ''}`.trim()} className={styles.photo} />
          </Swiper.Item>
        ))}
      </Swiper>
      <section className={styles.card}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{p.name}</h1>
          <FavoriteButton productId={p.id} favorite={p.favorite === 1} />
        </div>
        <p className={styles.price}>{sku ? yuan(sku.price) : t('mobile.from', { price: p.min_price.toFixed(2) })}</p>
        <h2 className={styles.label}>
          {t('mobile.colors')} · {color}
        </h2>
        <div className={styles.swatches} role="radiogroup" aria-label={t('mobile.colors')}>
          {colors.map((c) => (
            <button
              key={c.name}
              type="button"
              role="radio"
              aria-checked={c.name === color}
              aria-label={c.name}
              className={c.name === color ? `${styles.swatch} ${styles.swatchOn}` : styles.swatch}
              onClick={() => setColor(c.name)}
            >
              <i style={{ background: c.code }} />
            </button>
          ))}
        </div>
        <h2 className={styles.label}>{t('mobile.sizes')}</h2>
        <Selector
          columns={4}
          value={sku ? [sku.size] : []}
          onChange={(v) => v[0] && setSize(v[0])}
          options={ofColor.map((a) => ({ label: `${a.size} ${yuan(a.price)}`, value: a.size }))}
        />
        <h2 className={styles.label}>{t('mobile.areas')}</h2>
        <ul className={styles.areas}>
          {p.design_list.map((a, i) => (
            <li key={a.id}>
              <span>{designAreaName(a, i)[lang]}</span>
              <span className={styles.muted}>{t('mobile.printSize', { width: a.print_width, height: a.print_height })}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className={styles.actions}>
        {allowed && sku ? (
          <>
            {/* The editor is the back office's, opened beside the phone page (docs/mobile.md#the-shell). */}
            <a className={styles.design} href={`/mobile-design?product_id=${p.id}&attr_id=${sku.id}`} target="_blank" rel="noopener">
              {t('mobile.startDesign')}
            </a>
            <p className={styles.muted}>{t('mobile.designOnDesktop')}</p>
          </>
        ) : (
          <Button block disabled>
            {t('mobile.needLevel', { level: p.level })}
          </Button>
        )}
      </div>
    </div>
  );
}

function FavoriteButton({ productId, favorite }: { productId: number; favorite: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const setFavorite = useSetFavorite();
  const toggle = () => {
    // A visitor's library is their account's: log in first and come back here.
    if (!hasSessionCookie()) return void navigate(phoneLoginUrl(pathname + search));
    setFavorite.mutate(
      { productId, favorite: !favorite },
      { onSuccess: () => Toast.show({ icon: 'success', content: t(favorite ? 'mobile.favoriteRemoved' : 'mobile.favoriteAdded') }) },
    );
  };
  return (
    <button type="button" className={styles.favorite} aria-pressed={favorite} disabled={setFavorite.isPending} onClick={toggle}>
      {favorite ? <StarFill color="#faad14" fontSize={20} aria-hidden /> : <StarOutline fontSize={20} aria-hidden />}
      {favorite ? t('mobile.favorited') : t('mobile.favorite')}
    </button>
  );
}

import { Suspense, useState } from 'react';
import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import { CHILD_IMAGE_STRIP_LIMIT, thumbUrl, type FinishedRow } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { onDemand } from '../../app/onDemand';

const ImagePreview = onDemand(async () => (await import('./ImagePreview')).ImagePreview);

/** How high the list shows a thumbnail: the 100 px thumbnail drawn smaller, so a row stays three lines high. */
const SHOWN_HEIGHT = 48;

/**
 * A row's images (docs/finished.md#the-list): thumbnails of 100 px high (clicking one previews the full image, paging through
 * the row's images); for a multi-material combination a strip of at most 6 child images and "more".
 */
export function RowImages({ row, onMore }: { row: FinishedRow; onMore: () => void }) {
  const { t } = useI18n();
  const images = row.img_urls.length ? row.img_urls : row.thumb ? [row.thumb] : [];
  const strip = row.combine_rule_type_code === 1 ? row.small_imgs.filter(Boolean) : [];
  const [previewing, setPreviewing] = useState(false);
  return (
    <Flex vertical gap={3} onClick={(e) => e.stopPropagation()}>
      {images.length === 0 ? (
        <div
          style={{ height: SHOWN_HEIGHT, width: SHOWN_HEIGHT, background: '#f5f5f5', borderRadius: 4 }}
          aria-label={t('finished.noImage')}
        />
      ) : (
        // One thumbnail keeps the column narrow enough for every column at 1440 px; the others are counted on it and
        // paged through in the preview, whose code (antd's image preview) loads with the first click
        // (docs/web.md#where-the-bytes-go).
        <div style={{ position: 'relative', width: 'fit-content' }}>
          <button type="button" className="finished-thumb-button" onClick={() => setPreviewing(true)} title={t('finished.preview')}>
            <img
              className="finished-thumb"
              src={thumbUrl(images[0]!)}
              height={SHOWN_HEIGHT}
              alt={t('finished.imageAlt', { key: row.key_id, n: 1 })}
              onError={(e) => {
                e.currentTarget.style.visibility = 'hidden';
              }}
            />
          </button>
          {images.length > 1 && (
            <span className="finished-image-count" aria-label={t('finished.moreImages', { n: images.length - 1 })}>
              +{images.length - 1}
            </span>
          )}
          {previewing && (
            <Suspense fallback={null}>
              <ImagePreview images={images} onClose={() => setPreviewing(false)} />
            </Suspense>
          )}
        </div>
      )}
      {strip.length > 0 && (
        <Flex gap={2} align="center" wrap data-testid="child-strip">
          {strip.slice(0, CHILD_IMAGE_STRIP_LIMIT).map((src, i) => (
            <img key={`${src}-${i}`} src={thumbUrl(src)} alt="" height={16} style={{ borderRadius: 2, border: '1px solid #eee' }} />
          ))}
          <Tooltip title={t('finished.moreChildren')}>
            <Button
              size="small"
              type="text"
              icon={<EllipsisOutlined />}
              aria-label={t('finished.moreChildren')}
              onClick={onMore}
              style={{ width: 16, height: 16, minWidth: 16 }}
            />
          </Tooltip>
        </Flex>
      )}
    </Flex>
  );
}

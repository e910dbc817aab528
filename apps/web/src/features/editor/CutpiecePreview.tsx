import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Modal, Pagination, Spin, Typography } from 'antd';
import type { ProductDetail } from '@app/contract';
import { cutpieceUrl, queryKeys } from '../../api';
import { useI18n } from '../../app/i18n';
import { RecomposeError, toAreaDocument, type EditorState, type Recomposer } from './model';
import { useFeedback } from '../../app/feedback';

export interface CutpiecePreviewProps {
  open: boolean;
  onClose: () => void;
  state: EditorState;
  product: ProductDetail;
  recomposer: Recomposer;
}

/**
 * One cutpiece SVG. It is embedded as a document (`<object>`), not an `<img>`: an SVG shown as an image may
 * not load the composed design it links to. It is fetched first so a pattern that fails to load says so
 * (docs/messages.md#editor-messages, "cutpiece configuration error") instead of showing an empty frame.
 */
function CutpieceFrame({ src, title, onError }: { src: string; title: string; onError: () => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    fetch(src, { credentials: 'same-origin' })
      .then((res) => {
        if (!live) return;
        if (res.ok && (res.headers.get('content-type') ?? '').includes('svg')) setReady(true);
        else onError();
      })
      .catch(() => live && onError());
    return () => {
      live = false;
    };
  }, [src, onError]);
  if (!ready) return null;
  return <object data={src} type="image/svg+xml" aria-label={title} data-testid="cutpiece-svg" style={{ width: '100%', height: '100%' }} />;
}

/**
 * "Full size cutpiece preview" (docs/editor.md#the-screen): pages through the product's cutpiece patterns, each showing the
 * current design of its area composed through the recomposer (so the same layer set is composed once).
 */
export function CutpiecePreview({ open, onClose, state, product, recomposer }: CutpiecePreviewProps) {
  const { t, m, lang } = useI18n();
  const { message } = useFeedback();
  const pieces = product.all_cutpiece_list;
  const [page, setPage] = useState(1);
  const piece = pieces[page - 1];
  const area = piece ? toAreaDocument(state, piece.area_id) : null;
  const empty = !area || (area.layers.length === 0 && area.background === '');

  const print = useQuery({
    queryKey: queryKeys.design.areaPrint(product.id, area),
    queryFn: () => recomposer.compose(area!),
    enabled: open && !empty,
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    // The recomposer has said "retrying" / "failed"; anything else is shown here.
    if (print.error && !(print.error instanceof RecomposeError)) void message.error(m('materialComposeFailed'));
  }, [print.error, message, m]);

  const src = piece && (empty || print.data) ? cutpieceUrl(product.id, piece.area_id, empty ? null : print.data!) : null;
  const areaName = piece && state.areaList.find((a) => a.id === piece.area_id)?.name[lang];

  return (
    <Modal open={open} onCancel={onClose} footer={null} width={760} title={t('editor.cutpieceTitle')} destroyOnHidden>
      {pieces.length === 0 ? (
        <Empty description={t('editor.noCutpiece')} />
      ) : (
        <Flex vertical gap={10} align="center" data-testid="cutpiece-preview">
          <Typography.Text>
            {piece?.name}
            {areaName ? ` · ${areaName}` : ''}
          </Typography.Text>
          <Spin spinning={print.isFetching}>
            <div
              style={{ width: 700, height: 560, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f5f5' }}
            >
              {src && (
                <CutpieceFrame key={src} src={src} title={piece?.name ?? ''} onError={() => void message.error(m('cutpieceConfigError'))} />
              )}
            </div>
          </Spin>
          <Pagination simple current={page} pageSize={1} total={pieces.length} onChange={setPage} />
        </Flex>
      )}
    </Modal>
  );
}

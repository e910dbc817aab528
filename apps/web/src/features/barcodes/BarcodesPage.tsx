import { useState } from 'react';
import { ImportOutlined, NumberOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { BARCODE_LIST_PAGE_SIZES, BARCODE_STATUSES, type BarcodeStatus } from '@app/contract';
import { useBarcodeMakers, useBarcodes } from '../../api';
import { PageHeader } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useUrlList } from '../../app/urlList';
import { CodeTable } from './CodeTable';
import type { BarcodeDialog } from './dialogs';
import { GenerateDialog } from './GenerateDialog';
import { ImportDialog } from './ImportDialog';
import { MakerTable } from './MakerTable';

/**
 * 条码管理 (/barcodes, /api/barcode_makers/*; docs/listing-tools.md#barcodes): the makers with their free, used and
 * void counts (enable, disable, delete, import more, generate more), the codes with filters in the address (maker,
 * status, code) and their status, each code's image; importing (paste or file, with the per-line report) and
 * generating from a GS1 company prefix open as dialogs.
 */
export function BarcodesPage() {
  const { t } = useI18n();
  const { params, setParam, pageNumber, pageSize, pagination } = useUrlList({ sizes: BARCODE_LIST_PAGE_SIZES, replace: true });
  const makerId = Number(params.get('maker')) || undefined;
  const statusParam = params.get('status');
  const status = BARCODE_STATUSES.includes(statusParam as BarcodeStatus) ? (statusParam as BarcodeStatus) : undefined;
  const code = params.get('code') ?? '';
  const makers = useBarcodeMakers();
  const codes = useBarcodes({
    pageNumber,
    pageSize: pageSize as (typeof BARCODE_LIST_PAGE_SIZES)[number],
    ...(makerId ? { maker_id: makerId } : {}),
    ...(status ? { status } : {}),
    ...(code.replace(/\D/g, '') ? { code: code.replace(/\D/g, '') } : {}),
  });
  const [dialog, setDialog] = useState<BarcodeDialog | null>(null);

  return (
    <>
      <PageHeader
        title={t('barcodes.title')}
        subtitle={t('barcodes.subtitle')}
        extra={
          <Flex gap={8}>
            <Button icon={<NumberOutlined />} onClick={() => setDialog({ kind: 'generate' })}>
              {t('barcodes.generate')}
            </Button>
            <Button type="primary" icon={<ImportOutlined />} onClick={() => setDialog({ kind: 'import' })}>
              {t('barcodes.import')}
            </Button>
          </Flex>
        }
      />
      <Flex vertical gap={20}>
        <MakerTable
          makers={makers.data}
          loading={makers.isFetching}
          onOpen={setDialog}
          onShowCodes={(id) => setParam({ maker: id, status: undefined, page: undefined })}
          onDeleted={(id) => id === makerId && setParam({ maker: undefined, page: undefined })}
        />
        <CodeTable
          data={codes.data}
          loading={codes.isFetching}
          makers={makers.data ?? []}
          makerId={makerId}
          status={status}
          code={code}
          pagination={pagination(codes.data?.count ?? 0)}
          setParam={setParam}
        />
      </Flex>
      {dialog?.kind === 'import' && <ImportDialog maker={dialog.maker} makers={makers.data ?? []} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'generate' && <GenerateDialog maker={dialog.maker} onClose={() => setDialog(null)} />}
    </>
  );
}

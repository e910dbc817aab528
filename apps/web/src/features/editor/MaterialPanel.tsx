import { useState } from 'react';
import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Cascader, Empty, Flex, Input, Pagination, Select, Spin, Tag, Upload } from 'antd';
import { MATERIAL_PAGE_SIZES, UPLOAD_LIMIT_BYTES, type MaterialItem } from '@app/contract';
import { ApiError, useAccountOptions, useMaterialFolders, useMaterialKeywords, useMaterials, useUploadMaterial } from '../../api';
import { useI18n } from '../../app/i18n';
import { useFeedback } from '../../app/feedback';

/** docs/editor.md#materials: local image upload takes jpeg, png and jpg up to 20 MB (UPLOAD_LIMIT_BYTES). */
const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/jpg'];

interface FolderOption {
  value: number;
  label: string;
  children?: FolderOption[];
}
interface FolderNode {
  id: number;
  title: string;
  children: readonly FolderNode[];
}
const toOptions = (nodes: readonly FolderNode[]): FolderOption[] =>
  nodes.map((n) => ({ value: n.id, label: n.title, children: n.children.length ? toOptions(n.children) : undefined }));

export interface MaterialPanelProps {
  onPick: (material: MaterialItem) => void;
}

/** The material browser of docs/editor.md#materials: account, name, folder, keywords, reset, thumbnails, pages of 20/50/100/200. */
export function MaterialPanel({ onPick }: MaterialPanelProps) {
  const { t } = useI18n();
  const [userId, setUserId] = useState(0);
  const [nameInput, setNameInput] = useState('');
  const [name, setName] = useState('');
  const [folderPath, setFolderPath] = useState<number[]>([]);
  const [keywords, setKeywords] = useState<string[]>([]);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState<number>(MATERIAL_PAGE_SIZES[0]);
  const fid = folderPath.length ? folderPath[folderPath.length - 1]! : 0;

  const accounts = useAccountOptions();
  const folders = useMaterialFolders(userId);
  const keywordList = useMaterialKeywords(userId);
  const list = useMaterials({
    userId,
    fid,
    name: name || undefined,
    keywords: keywords.length ? keywords.join(',') : undefined,
    pageNumber,
    pageSize,
  });

  const reset = () => {
    setNameInput('');
    setName('');
    setFolderPath([]);
    setKeywords([]);
    setPageNumber(1);
  };
  const items = list.data?.source_list ?? [];

  return (
    <Flex vertical gap={8} data-testid="material-panel">
      <Select
        aria-label="account"
        value={userId}
        onChange={(v) => {
          setUserId(v);
          setFolderPath([]);
          setKeywords([]);
          setPageNumber(1);
        }}
        options={(accounts.data?.list ?? [{ id: 0, nickname: '', username: '' }]).map((a) => ({
          value: a.id,
          label: a.nickname || a.username || '—',
        }))}
      />
      <Input.Search
        placeholder={t('editor.searchName')}
        allowClear
        value={nameInput}
        onChange={(e) => setNameInput(e.target.value)}
        onSearch={(v) => {
          setName(v.trim());
          setPageNumber(1);
        }}
      />
      <Cascader
        placeholder={t('editor.folder')}
        style={{ width: '100%' }}
        changeOnSelect
        value={folderPath}
        options={toOptions((folders.data?.list ?? []) as readonly FolderNode[])}
        onChange={(v) => {
          setFolderPath(((v ?? []) as number[]).slice());
          setPageNumber(1);
        }}
      />
      {(keywordList.data?.list.length ?? 0) > 0 && (
        // Keyword toggles (docs/editor.md#materials): a material must carry every keyword switched on.
        <Flex wrap gap={4} data-testid="keyword-toggles" style={{ maxHeight: 92, overflowY: 'auto' }}>
          {keywordList.data!.list.map((k) => (
            <Tag.CheckableTag
              key={k.keyword}
              checked={keywords.includes(k.keyword)}
              onChange={(on) => {
                setKeywords((ks) => (on ? [...ks, k.keyword] : ks.filter((x) => x !== k.keyword)));
                setPageNumber(1);
              }}
              style={{ border: '1px solid #e5e7eb', marginInlineEnd: 0 }}
            >
              {k.keyword} ({k.count})
            </Tag.CheckableTag>
          ))}
        </Flex>
      )}
      <Button icon={<ReloadOutlined />} onClick={reset}>
        {t('editor.reset')}
      </Button>
      <Spin spinning={list.isFetching}>
        {items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 6 }}>
            {items.map((m) => (
              <button
                key={m.id}
                type="button"
                title={m.name}
                onClick={() => onPick(m)}
                style={{ border: '1px solid #e5e7eb', borderRadius: 6, padding: 2, background: '#fafafa', cursor: 'pointer' }}
              >
                <img src={m.thumb} alt={m.name} style={{ width: '100%', aspectRatio: '1', objectFit: 'contain', display: 'block' }} />
              </button>
            ))}
          </div>
        )}
      </Spin>
      <Pagination
        size="small"
        simple
        current={pageNumber}
        pageSize={pageSize}
        total={list.data?.num_total ?? 0}
        showSizeChanger
        pageSizeOptions={MATERIAL_PAGE_SIZES.map(String)}
        onChange={(p, s) => {
          setPageNumber(s !== pageSize ? 1 : p);
          setPageSize(s);
        }}
      />
    </Flex>
  );
}

/** Local image upload (docs/editor.md#materials): checked here for type and size, then stored as a material of the seller. */
export function LocalUpload({ onUploaded }: { onUploaded: (material: MaterialItem) => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const storeMaterial = useUploadMaterial();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      onUploaded(await storeMaterial('materialUpload', form));
      void message.success(m('addedSuccessfully'));
    } catch (e) {
      void message.error(e instanceof ApiError ? e.msg : m('badParameters'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      showUploadList={false}
      beforeUpload={(file) => {
        if (!UPLOAD_TYPES.includes(file.type)) {
          void message.error(m('uploadFormat'));
          return Upload.LIST_IGNORE;
        }
        if (file.size > UPLOAD_LIMIT_BYTES) {
          void message.error(m('uploadTooLarge'));
          return Upload.LIST_IGNORE;
        }
        void upload(file);
        return false;
      }}
    >
      <Button block icon={<UploadOutlined />} loading={busy}>
        {t('editor.localImage')}
      </Button>
    </Upload>
  );
}

import { Image } from 'antd';

/** A row's images full size, paged through (antd's image preview), loaded when a thumbnail is first clicked (RowImages). */
export function ImagePreview({ images, onClose }: { images: readonly string[]; onClose: () => void }) {
  return (
    <Image.PreviewGroup
      items={[...images]}
      preview={{
        open: true,
        onOpenChange: (open) => {
          if (!open) onClose();
        },
      }}
    />
  );
}

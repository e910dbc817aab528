import { useEffect, useRef, useState } from 'react';
import { cssFont, type Layer } from '@app/design';
import { useI18n } from '../../app/i18n';
import { estimateTextBox } from './model';

/**
 * In-place text editing after a double tap (docs/editor.md#text): a text field laid exactly over the text layer, in
 * its font, size, colour and turn. Enter or leaving the field applies the text (one undo step), Shift+Enter
 * starts a new line, Escape cancels.
 */
export function TextEditOverlay({ layer, onDone }: { layer: Layer; onDone: (text: string | null) => void }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState(layer.text);
  const field = useRef<HTMLTextAreaElement>(null);
  const finished = useRef(false);
  const finish = (text: string | null) => {
    if (finished.current) return;
    finished.current = true;
    onDone(text);
  };

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  // The field grows with the draft (estimated, as the model does without a DOM) plus its padding and border.
  const size = layer.fontSize * layer.scale;
  const lines = draft.split('\n');
  const estimated = estimateTextBox(draft, size).width;
  const width = Math.max(layer.width * layer.scale, estimated, 60) + 14;
  const height = Math.max(layer.height * layer.scale, lines.length * size * 1.2) + 12;
  return (
    <textarea
      ref={field}
      aria-label={t('editor.textContent')}
      data-testid="text-edit-overlay"
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => finish(draft)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          finish(draft);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(null);
        }
      }}
      style={{
        position: 'absolute',
        left: layer.x - width / 2,
        top: layer.y - height / 2,
        width,
        height,
        transform: `rotate(${layer.rotation}deg)`,
        font: cssFont(layer.fontFamily, layer.fontSize * layer.scale, layer.fontWeight === 'bold'),
        lineHeight: 1.2,
        color: layer.fill,
        textAlign: layer.align,
        background: 'rgba(255,255,255,0.85)',
        border: '1px dashed #4f46e5',
        padding: 5,
        boxSizing: 'border-box',
        margin: 0,
        resize: 'none',
        overflow: 'hidden',
        outline: 'none',
        zIndex: 2,
      }}
    />
  );
}

import type { DesignDocument } from './document.js';

/**
 * The Excel batch design's placeholders (docs/domain.md#excel-batch-design): a text layer holding `NO.` gets the
 * row's 号码, one holding `姓名` its 姓名. A text may hold both.
 */
export const PLACEHOLDERS = { number: 'NO.', name: '姓名' } as const;

const holdsPlaceholder = (text: string) => text.includes(PLACEHOLDERS.number) || text.includes(PLACEHOLDERS.name);

/** Whether any design area has a text layer holding a placeholder (else 遮罩中无对应有效的文本图层). */
export function hasPlaceholderText(design: DesignDocument): boolean {
  return design.areas.some((a) => a.layers.some((l) => l.type === 'text' && holdsPlaceholder(l.text)));
}

/** A copy of the design with every placeholder replaced; everything else stays as it is. */
export function fillPlaceholders(design: DesignDocument, row: { number: string; name: string }): DesignDocument {
  return {
    ...design,
    areas: design.areas.map((a) => ({
      ...a,
      layers: a.layers.map((l) =>
        l.type === 'text' && holdsPlaceholder(l.text)
          ? { ...l, text: l.text.split(PLACEHOLDERS.number).join(row.number).split(PLACEHOLDERS.name).join(row.name) }
          : l,
      ),
    })),
  };
}

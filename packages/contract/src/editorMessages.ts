/** The design editor's notices: refusals of the layer rules (docs/editor.md#layer-rules) and its extras; merged into MESSAGES. */
export const editorMessages = {
  editorNoLayerSelected: { zh: '请先选择图层', en: 'Select a layer first' },
  editorLayerLocked: { zh: '图层已锁定，请先解锁', en: 'The layer is locked: unlock it first' },
  editorBackgroundNoMove: { zh: '背景图不能移动', en: 'Background image cannot be moved' },
  editorBackgroundNoReorder: { zh: '背景图不能置顶、置底或调整层级', en: 'Background image cannot be moved to top or bottom' },
  editorTextNoCopy: { zh: '文字图层不能复制', en: 'Text layers cannot be copied' },
  editorTextNoAlign: { zh: '文字图层不能对齐', en: 'Text layers cannot be aligned' },
  editorTiledNoDelete: { zh: '平铺图层不能直接删除，请先取消平铺', en: 'A tiled layer cannot be deleted directly: clear its tiling first' },
  editorImageOnly: { zh: '该操作仅适用于图片图层', en: 'This works on image layers only' },
  editorTextOnly: { zh: '该操作仅适用于文字图层', en: 'This works on text layers only' },
  editorCropNotAllowed: { zh: '只能裁剪未平铺的图片', en: 'Only an image that is not tiled can be cropped' },
  editorFontSizeLimit: { zh: '字号范围为 12 到 100', en: 'Font size ranges from 12 to 100' },
  editorScaleLimit: { zh: '已缩放到极限', en: 'The layer cannot be scaled further' },
  editorTextEmpty: { zh: '文字不能为空', en: 'Text cannot be empty' },
  editorFontUnknown: { zh: '不支持该字体', en: 'This font is not available' },
  editorNoOtherArea: { zh: '该产品只有一个设计区域，无需复制', en: 'This product has only one design area: nothing to copy to' },
  editorDesignEmpty: { zh: '设计为空，请先添加图片或文字', en: 'The design is empty: add an image or text first' },
  editorSaveShortcut: {
    zh: '请使用右侧“修改当前尺码”、“修改所有尺码”或“加入购物车”按钮保存',
    en: 'Save with the buttons on the right: "Modify current size", "Modify all sizes" or "Add to cart"',
  },
} as const satisfies Record<string, { zh: string; en: string }>;

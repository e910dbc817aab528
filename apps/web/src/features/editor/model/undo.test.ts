import { describe, expect, it } from 'vitest';
import * as commands from './commands';
import type { CommandResult } from './commands';
import { commit, createHistory, redo, undo } from './history';
import { areaContent, toDesign, type EditorState } from './state';
import { editor } from './testFixtures';

/**
 * The history's promise (docs/editor.md#undo-and-redo): "every command followed by undo gives a document deep-equal to the one before", and redo gives
 * the one after. One row per command (several for commands with variants); `from` prepares the state the
 * command runs on.
 */
interface Row {
  command: keyof typeof commands;
  label?: string;
  from?: (s: EditorState) => EditorState;
  apply: (s: EditorState) => CommandResult;
}

const tiled = (s: EditorState) => commands.toggleTiling(s, 'img', '1').state;
const c = commands;

const rows: Row[] = [
  { command: 'addImage', apply: (s) => c.addImage(s, { src: '/files/new.png', sourceid: 99, width: 800, height: 400 }) },
  { command: 'addText', apply: (s) => c.addText(s) },
  { command: 'moveLayer', apply: (s) => c.moveLayer(s, 'img', 120, 130) },
  { command: 'nudgeLayer', apply: (s) => c.nudgeLayer(s, 'img', 0, 4) },
  { command: 'transformLayer', apply: (s) => c.transformLayer(s, 'img', { x: 200, rotation: 30, scale: 1.7 }) },
  { command: 'bringToTop', apply: (s) => c.bringToTop(s, 'img') },
  { command: 'sendToBottom', apply: (s) => c.sendToBottom(s, 'txt') },
  { command: 'moveUp', apply: (s) => c.moveUp(s, 'img') },
  { command: 'moveDown', apply: (s) => c.moveDown(s, 'txt') },
  { command: 'reorderLayer', apply: (s) => c.reorderLayer(s, 'txt', 1) },
  { command: 'copyLayer', apply: (s) => c.copyLayer(s, 'img') },
  { command: 'deleteLayer', apply: (s) => c.deleteLayer(s, 'img2') },
  ...(['left', 'hcenter', 'right', 'top', 'vcenter', 'bottom'] as const).map((a): Row => ({
    command: 'alignLayer',
    label: a,
    apply: (s) => c.alignLayer(s, 'img2', a),
  })),
  { command: 'scaleLayer', apply: (s) => c.scaleLayer(s, 'img', 1) },
  { command: 'enlargeLayer', label: 'image', apply: (s) => c.enlargeLayer(s, 'img') },
  { command: 'enlargeLayer', label: 'text', apply: (s) => c.enlargeLayer(s, 'txt') },
  { command: 'shrinkLayer', label: 'image', apply: (s) => c.shrinkLayer(s, 'img') },
  { command: 'shrinkLayer', label: 'text', apply: (s) => c.shrinkLayer(s, 'txt') },
  { command: 'rotateLayer', label: '+45', apply: (s) => c.rotateLayer(s, 'img', 45) },
  { command: 'rotateLayer', label: '-45', apply: (s) => c.rotateLayer(s, 'img', -45) },
  { command: 'flipLayer', label: 'x', apply: (s) => c.flipLayer(s, 'img', 'x') },
  { command: 'flipLayer', label: 'y', apply: (s) => c.flipLayer(s, 'img', 'y') },
  { command: 'setOpacity', apply: (s) => c.setOpacity(s, 'img', 0.4) },
  { command: 'fillArea', apply: (s) => c.fillArea(s, 'img') },
  { command: 'fitArea', apply: (s) => c.fitArea(s, 'img') },
  { command: 'setText', apply: (s) => c.setText(s, 'txt', '张雨桐\n23') },
  { command: 'setFontFamily', apply: (s) => c.setFontFamily(s, 'txt', 'Anton') },
  { command: 'setTextColor', apply: (s) => c.setTextColor(s, 'txt', '#336699cc') },
  { command: 'setFontSize', apply: (s) => c.setFontSize(s, 'txt', 64) },
  { command: 'setTextAlign', apply: (s) => c.setTextAlign(s, 'txt', 'right') },
  { command: 'toggleTiling', label: 'set', apply: (s) => c.toggleTiling(s, 'img', '2') },
  { command: 'toggleTiling', label: 'replace', from: tiled, apply: (s) => c.toggleTiling(s, 'img', '4') },
  { command: 'toggleTiling', label: 'clear', from: tiled, apply: (s) => c.toggleTiling(s, 'img', '1') },
  { command: 'replaceLayerImage', apply: (s) => c.replaceLayerImage(s, 'img', { src: '/files/crop.png', width: 150, height: 100 }) },
  { command: 'clearCanvas', from: tiled, apply: (s) => c.clearCanvas(s) },
  { command: 'setBackgroundColor', apply: (s) => c.setBackgroundColor(s, '#00ff0080') },
  { command: 'setLocked', apply: (s) => c.setLocked(s, 'img') },
  { command: 'setHidden', apply: (s) => c.setHidden(s, 'img2') },
  { command: 'copyToArea', label: 'visited-never area', apply: (s) => c.copyToArea(s, 'sleeve') },
  { command: 'copyToArea', label: 'saved area', apply: (s) => c.copyToArea(s, 'back') },
  { command: 'copyToAllAreas', apply: (s) => c.copyToAllAreas(s) },
];

/** Everything the seller would see of the state: the saved document and every area with its editor flags. */
const snapshot = (s: EditorState) => ({ design: toDesign(s), areas: s.areaList.map((a) => areaContent(s, a.id)) });

/** Not undo steps, or not commands: selection, and helpers exported beside the commands. */
const NOT_STEPS = new Set(['selectLayer', 'estimateTextBox', 'setTextMeasurer', 'isColor', 'SCALE_MIN', 'SCALE_MAX', 'COPY_OFFSET']);

describe('every command is undone and redone exactly', () => {
  it('the table covers every command', () => {
    const exported = Object.keys(commands).filter((k) => !NOT_STEPS.has(k));
    expect(new Set(rows.map((r) => r.command))).toEqual(new Set(exported));
  });

  it.each(rows.map((r) => [r.label ? `${r.command} (${r.label})` : r.command, r] as const))('%s', (_name, row) => {
    const before = row.from ? row.from(editor()) : editor();
    const result = row.apply(before);
    expect(['copySuccessful', undefined]).toContain(result.notice);
    expect(snapshot(result.state)).not.toEqual(snapshot(before));

    const h1 = commit(createHistory(before), result.state);
    expect(h1.past).toHaveLength(1);
    const h2 = undo(h1);
    expect(toDesign(h2.present)).toEqual(toDesign(before));
    expect(snapshot(h2.present)).toEqual(snapshot(before));
    const h3 = redo(h2);
    expect(toDesign(h3.present)).toEqual(toDesign(result.state));
    expect(snapshot(h3.present)).toEqual(snapshot(result.state));
  });
});

import { createCanvas } from '@napi-rs/canvas';
import { encodeImage } from '../../images/encode.js';

/** Side of the preview's sample mockup: the reference width, so the preview shows sizes as set. */
export const SAMPLE_SIDE = 1000;

let sample: Promise<Buffer> | undefined;

/**
 * The live preview's sample mockup: a navy T-shirt with a print on a mid-grey backdrop,
 * drawn once per process, so the preview needs no catalogue and shows light and dark ground alike.
 */
export function sampleMockup(): Promise<Buffer> {
  sample ??= (async () => {
    const s = SAMPLE_SIDE;
    const canvas = createCanvas(s, s);
    const ctx = canvas.getContext('2d');
    const bg = ctx.createLinearGradient(0, 0, 0, s);
    bg.addColorStop(0, '#d5dae1');
    bg.addColorStop(1, '#aeb6c2');
    ctx.fillStyle = bg;
    ctx.fillRect(0, 0, s, s);
    // The shirt: body, sleeves and a collar cut out.
    ctx.fillStyle = '#2f4a6d';
    ctx.beginPath();
    ctx.moveTo(380, 160);
    ctx.lineTo(250, 210);
    ctx.lineTo(130, 380);
    ctx.lineTo(240, 450);
    ctx.lineTo(300, 380);
    ctx.lineTo(300, 860);
    ctx.lineTo(700, 860);
    ctx.lineTo(700, 380);
    ctx.lineTo(760, 450);
    ctx.lineTo(870, 380);
    ctx.lineTo(750, 210);
    ctx.lineTo(620, 160);
    ctx.quadraticCurveTo(500, 250, 380, 160);
    ctx.closePath();
    ctx.fill();
    // A print on the chest.
    ctx.fillStyle = '#f2b134';
    ctx.beginPath();
    ctx.arc(500, 470, 110, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#e4572e';
    ctx.beginPath();
    ctx.arc(500, 470, 60, 0, Math.PI * 2);
    ctx.fill();
    const rgba = ctx.getImageData(0, 0, s, s).data;
    const raw = { data: Buffer.from(rgba.buffer, rgba.byteOffset, rgba.length), width: s, height: s, channels: 4 };
    return (await encodeImage(raw, { format: 'jpeg', quality: 85 })).data;
  })();
  return sample;
}

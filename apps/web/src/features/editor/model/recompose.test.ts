import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignArea } from '@app/design';
import { createRecomposer, RecomposeError, type RecomposeTimers } from './recompose';
import { toAreaDocument, toDesign } from './state';
import { editor, layer } from './testFixtures';

const area = (id: string, background = ''): DesignArea => ({ id, background, layers: [layer({ id: 'a' })] });
const urlOf = (layerdata: string) => `/files/${(JSON.parse(layerdata) as { id: string; background: string }).id}.png`;

describe('recomposition (docs/editor.md#the-screen: 200 ms apart per distinct layer set, one retry)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts calls for distinct layer sets 200 ms apart', async () => {
    const compose = vi.fn(async (layerdata: string) => urlOf(layerdata));
    const r = createRecomposer({ compose });
    const all = Promise.all([r.compose(area('front')), r.compose(area('back')), r.compose(area('sleeve'))]);
    expect(compose).toHaveBeenCalledTimes(1);
    expect(r.waiting()).toBe(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(compose).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(compose).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(compose).toHaveBeenCalledTimes(3);
    await expect(all).resolves.toEqual(['/files/front.png', '/files/back.png', '/files/sleeve.png']);
  });

  it('starts at once when the last call started 200 ms ago or more', async () => {
    const compose = vi.fn(async (layerdata: string) => urlOf(layerdata));
    const r = createRecomposer({ compose });
    await r.compose(area('front'));
    await vi.advanceTimersByTimeAsync(250);
    void r.compose(area('back'));
    expect(compose).toHaveBeenCalledTimes(2);
  });

  it('never sends the same layer set twice: pending or composed, it answers the same', async () => {
    const compose = vi.fn(async (layerdata: string) => urlOf(layerdata));
    const r = createRecomposer({ compose });
    const a = r.compose(area('front'));
    const b = r.compose(area('front'));
    expect(b).toBe(a);
    await expect(a).resolves.toBe('/files/front.png');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(r.compose(area('front'))).resolves.toBe('/files/front.png');
    expect(compose).toHaveBeenCalledTimes(1);
    // Another background is another layer set.
    void r.compose(area('front', '#fff'));
    expect(compose).toHaveBeenCalledTimes(2);
  });

  it('retries once after "Material generation retrying", in the next slot', async () => {
    const compose = vi
      .fn<(layerdata: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error('500'))
      .mockResolvedValue('/files/ok.png');
    const notify = vi.fn();
    const r = createRecomposer({ compose, notify });
    const p = r.compose(area('front'));
    await vi.advanceTimersByTimeAsync(0);
    expect(notify).toHaveBeenCalledWith('materialRetrying');
    expect(compose).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(compose).toHaveBeenCalledTimes(2);
    await expect(p).resolves.toBe('/files/ok.png');
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('reports "Material composition failed, please retry saving" after the retry fails; a later save tries again', async () => {
    const compose = vi.fn<(layerdata: string) => Promise<string>>().mockRejectedValue(new Error('500'));
    const notify = vi.fn();
    const r = createRecomposer({ compose, notify });
    const p = r.compose(area('front'));
    const caught = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    const error = await caught;
    expect(error).toBeInstanceOf(RecomposeError);
    expect((error as RecomposeError).notice).toBe('materialComposeFailed');
    expect(notify.mock.calls).toEqual([['materialRetrying'], ['materialComposeFailed']]);
    expect(compose).toHaveBeenCalledTimes(2);
    compose.mockResolvedValue('/files/again.png');
    const again = r.compose(area('front'));
    await vi.advanceTimersByTimeAsync(200);
    await expect(again).resolves.toBe('/files/again.png');
    expect(compose).toHaveBeenCalledTimes(3);
  });

  it('treats a compose call that throws like a failed one', async () => {
    const compose = vi.fn((): Promise<string> => {
      throw new Error('offline');
    });
    const r = createRecomposer({ compose });
    const caught = r.compose(area('front')).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await caught).toBeInstanceOf(RecomposeError);
    expect(compose).toHaveBeenCalledTimes(2);
  });

  it("composes every area of a design, sending each area's layer data", async () => {
    const compose = vi.fn(async (layerdata: string) => urlOf(layerdata));
    const r = createRecomposer({ compose });
    const p = r.composeAll(toDesign(editor()));
    await vi.advanceTimersByTimeAsync(200);
    await expect(p).resolves.toEqual({ front: '/files/front.png', back: '/files/back.png' });
    expect(JSON.parse(compose.mock.calls[0]![0])).toEqual(toAreaDocument(editor(), 'front'));
  });

  it('cancels the waiting calls when disposed', async () => {
    const compose = vi.fn(async (layerdata: string) => urlOf(layerdata));
    const r = createRecomposer({ compose });
    void r.compose(area('front'));
    const waiting = r.compose(area('back')).catch((e: unknown) => e);
    r.dispose();
    expect(r.waiting()).toBe(0);
    expect(await waiting).toBeInstanceOf(RecomposeError);
    await vi.advanceTimersByTimeAsync(1000);
    expect(compose).toHaveBeenCalledTimes(1);
  });
});

describe('recomposition with injected timers', () => {
  it('uses the clock and timers it is given', async () => {
    let now = 1000;
    const pending: { at: number; fn: () => void }[] = [];
    const timers: RecomposeTimers = {
      now: () => now,
      setTimeout: (fn, ms) => pending.push({ at: now + ms, fn }),
      clearTimeout: () => {},
    };
    const compose = vi.fn(async (layerdata: string) => urlOf(layerdata));
    const r = createRecomposer({ compose, timers, staggerMs: 200 });
    void r.compose(area('front'));
    void r.compose(area('back'));
    expect(pending.map((p) => p.at)).toEqual([1200]);
    now = 1200;
    pending.shift()!.fn();
    expect(compose).toHaveBeenCalledTimes(2);
  });
});

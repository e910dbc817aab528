/** Decoded images by URL for the design canvas and the blank's photo behind it (EditorCanvas). */
/** Decoded images by URL, shared by every shape; `onLoad` asks for a redraw when one arrives. */
export class ImageCache {
  private readonly images = new Map<string, HTMLImageElement>();
  private readonly failed = new Set<string>();
  constructor(
    private readonly onLoad: () => void,
    /** An image could not be loaded ("material failed to load"). */
    private readonly onError: (src: string) => void = () => {},
  ) {}

  /** Whether an image is still on its way (a failed one is not: it will never arrive). */
  pending(src: string): boolean {
    return !this.failed.has(src) && this.get(src) === undefined;
  }

  get(src: string): HTMLImageElement | undefined {
    let img = this.images.get(src);
    if (!img) {
      img = new Image();
      img.crossOrigin = 'anonymous';
      img.onload = this.onLoad;
      img.onerror = () => {
        this.failed.add(src);
        this.onError(src);
        this.onLoad();
      };
      img.src = src;
      this.images.set(src, img);
    }
    return img.complete && img.naturalWidth > 0 ? img : undefined;
  }
}

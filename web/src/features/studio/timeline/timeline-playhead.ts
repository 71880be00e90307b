// The playhead element's motion. While the transport runs, the playhead is a compositor
// animation of its transform (linear, at the zoom's pixels per second) started from the
// transport's position: the compositor moves it every frame and the page's main thread writes
// nothing, so no frame lays out, repaints or commits anything for it (Blink only brings its
// computed style up to date when the page draws a frame for another reason). The timeline's
// transport check only makes sure the animation still agrees with the transport's clock and
// starts it again when it does not (a zoom, a seek, drift). Stopped, it sits at the store's
// playhead.

/** Off by more than this (seconds), the animation is started again from the transport's position. */
const DRIFT_S = 0.03;

export class PlayheadMover {
  private animation: Animation | null = null;
  /**
   * Transport seconds, page clock (ms) and zoom the running animation started from. The page's
   * clock, not the animation's currentTime: that stays 0 until the compositor has started it,
   * a few frames later under load, which would read as drift.
   */
  private from = { seconds: 0, at: 0, pxPerSecond: 0 };
  private placed = '';

  constructor(private readonly element: HTMLElement) {}

  /** The transport runs and is at `seconds`; the animation runs to `endSeconds`. */
  follow(seconds: number, pxPerSecond: number, endSeconds: number): void {
    if (typeof this.element.animate !== 'function') return this.place(seconds, pxPerSecond);
    const running = this.animation;
    const now = performance.now();
    if (running && this.from.pxPerSecond === pxPerSecond) {
      const elapsed = (now - this.from.at) / 1000;
      if (Math.abs(this.from.seconds + elapsed - seconds) <= DRIFT_S) return;
    }
    running?.cancel();
    const duration = Math.max(1, (endSeconds - seconds) * 1000);
    const x = (at: number) => `translate3d(${at * pxPerSecond}px,0,0)`;
    this.animation = this.element.animate([{ transform: x(seconds) }, { transform: x(endSeconds) }], {
      duration,
      easing: 'linear',
      fill: 'forwards',
    });
    this.from = { seconds, at: now, pxPerSecond };
  }

  /** The transport is stopped: the playhead stands at `seconds`. */
  place(seconds: number, pxPerSecond: number): void {
    if (this.animation) {
      this.animation.cancel();
      this.animation = null;
    }
    const transform = `translate3d(${Math.round(seconds * pxPerSecond)}px,0,0)`;
    if (transform !== this.placed) this.element.style.transform = this.placed = transform;
  }

  stop(): void {
    this.animation?.cancel();
    this.animation = null;
  }
}

/**
 * One sound at a time across the app. Whoever starts playing claims the focus and every other
 * player pauses: the main player and the beat page's vocal covers each follow this, so neither
 * has to know the other exists.
 */
type Listener = (claimant: symbol) => void;

const listeners = new Set<Listener>();

/** A player's identity for the focus; make one per player (a module or a mounted component). */
export function createAudioFocusOwner(name: string): symbol {
  return Symbol(name);
}

/** `owner` starts playing: everyone else listening pauses. */
export function claimAudioFocus(owner: symbol): void {
  for (const listener of [...listeners]) listener(owner);
}

/** Runs `onLost` whenever another owner claims the focus; returns the way to stop listening. */
export function onAudioFocusLost(owner: symbol, onLost: () => void): () => void {
  const listener: Listener = (claimant) => {
    if (claimant !== owner) onLost();
  };
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

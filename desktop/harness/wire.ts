// How the browser bridge carries IPC calls and events over HTTP: JSON, with byte arrays (a take's
// audio) as {"$bytes": base64}, the one value Electron's structured clone carries that JSON does
// not. Used by the page's bridge and by the harness's main process alike; no Node, no DOM.

const BYTES = '$bytes';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function encodeWire(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Uint8Array ? { [BYTES]: toBase64(item) } : item,
  );
}

export function decodeWire(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const keys = Object.keys(item);
      const encoded = (item as Record<string, unknown>)[BYTES];
      if (keys.length === 1 && typeof encoded === 'string') return fromBase64(encoded);
    }
    return item;
  });
}

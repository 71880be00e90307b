import { useEffect, useState } from 'react';

/**
 * What a file input with a preview needs: an object URL for the chosen file (revoked when the
 * file changes or the component unmounts), and a key that empties the input when bumped,
 * since remounting is the only way to empty a file input.
 */
export function useFilePreview(file: File | null) {
  const [preview, setPreview] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return { preview, inputKey, resetInput: () => setInputKey((key) => key + 1) };
}

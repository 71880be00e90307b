// The native open dialog, as a browser can offer it: a small modal with a file input. The chosen
// file is posted to the harness, which keeps it on disk and answers main's dialog with its path.

async function answer(id: string, file: File | null) {
  await fetch(`/__harness/dialog/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: file
      ? { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) }
      : { 'content-type': 'application/octet-stream', 'x-cancel': '1' },
    body: file ?? new Uint8Array(),
  });
}

export function openHarnessDialog(request: { id: string; kind: string; accept: string }) {
  const dialog = document.createElement('dialog');
  dialog.setAttribute('aria-label', `Choose ${request.kind === 'audio' ? 'an audio file' : 'an image'}`);
  dialog.dataset.harnessDialog = request.kind;
  dialog.style.cssText = 'padding:1rem;border-radius:12px;display:flex;gap:.75rem;flex-direction:column';
  const label = document.createElement('label');
  label.textContent = request.kind === 'audio' ? 'Audio file (MP3, WAV, FLAC)' : 'Image (JPG, PNG)';
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = request.accept;
  label.append(document.createElement('br'), input);
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = 'Cancel';
  dialog.append(label, cancel);
  document.body.append(dialog);
  dialog.showModal();

  let done = false;
  const finish = (file: File | null) => {
    if (done) return;
    done = true;
    dialog.close();
    dialog.remove();
    void answer(request.id, file);
  };
  input.addEventListener('change', () => finish(input.files?.[0] ?? null));
  cancel.addEventListener('click', () => finish(null));
  dialog.addEventListener('cancel', () => finish(null));
}

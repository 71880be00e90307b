import { describe, expect, it, vi } from 'vitest';

const showOpenDialog = vi.fn();
const showSaveDialog = vi.fn();
vi.mock('electron', () => ({ dialog: { showOpenDialog, showSaveDialog } }));

const { createDialogs } = await import('./dialogs');

describe('native dialogs', () => {
  it('offers only the audio formats the server takes, attached to the window', async () => {
    const window = { id: 1 };
    showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/music/beat.wav'] });
    const dialogs = createDialogs(() => window as never, '/home/ada/Downloads');
    expect(await dialogs.openFile('audio')).toBe('/music/beat.wav');
    expect(showOpenDialog).toHaveBeenCalledWith(window, {
      properties: ['openFile'],
      filters: [{ name: 'Audio (MP3, WAV, FLAC)', extensions: ['mp3', 'wav', 'flac'] }],
    });
  });

  it('answers null when the user cancels, and suggests the Downloads folder for saving', async () => {
    showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/home/ada/Downloads/x.mp3' });
    const dialogs = createDialogs(() => null, '/home/ada/Downloads');
    expect(await dialogs.openFile('image')).toBeNull();
    expect(await dialogs.saveFile('x.mp3')).toBe('/home/ada/Downloads/x.mp3');
    expect(showSaveDialog).toHaveBeenCalledWith({ defaultPath: '/home/ada/Downloads/x.mp3' });
  });
});

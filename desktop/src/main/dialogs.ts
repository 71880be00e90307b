import { join } from 'node:path';
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';
import { AUDIO_EXTENSIONS, IMAGE_EXTENSIONS } from './library/library-service';

/**
 * The native file dialogs behind uploads.pickFile and files.download: attached to the window
 * when there is one, and filtered to what the server accepts. Each answers the chosen path, or
 * null when the user cancelled.
 */
export function createDialogs(window: () => BrowserWindow | null, downloadsDir: string) {
  return {
    async openFile(kind: 'audio' | 'image'): Promise<string | null> {
      const options: OpenDialogOptions = {
        properties: ['openFile'],
        filters:
          kind === 'audio'
            ? [{ name: 'Audio (MP3, WAV, FLAC)', extensions: [...AUDIO_EXTENSIONS] }]
            : [{ name: 'Images (JPG, PNG)', extensions: [...IMAGE_EXTENSIONS] }],
      };
      const parent = window();
      const result = parent
        ? await dialog.showOpenDialog(parent, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },

    async saveFile(suggestedName: string): Promise<string | null> {
      const options = { defaultPath: join(downloadsDir, suggestedName) };
      const parent = window();
      const result = parent
        ? await dialog.showSaveDialog(parent, options)
        : await dialog.showSaveDialog(options);
      return result.canceled ? null : (result.filePath ?? null);
    },
  };
}

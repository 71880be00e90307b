/** The studio's alerts and successes, verbatim as documented (including the dialogs'). */
export const STUDIO_ALERTS = {
  microphone: 'Unable to access microphone. Please check your permissions.',
  notInitialized: 'Studio not properly initialized. Please try again.',
  startFailed: 'Failed to start recording. Please try again.',
  noRecordingToSave: 'No recording to save.',
  recordingNameRequired: 'Please enter a name for your recording.',
  saveRecordingFailed: 'Failed to save recording. Please try again.',
  noRecordingToDownload: 'No recording to download.',
  sessionNameRequired: 'Please enter a session name.',
  saveSessionFailed: 'Failed to save session. Please try again.',
  loadSessionFailed: 'Failed to load session. Please try again.',
  deleteSessionFailed: 'Failed to delete session. Please try again.',
  recordingSaved: 'Recording saved successfully!',
  sessionSaved: 'Session saved successfully!',
  sessionLoaded: (name: string) => `Session "${name}" loaded successfully!`,
  sessionDeleted: 'Session deleted successfully!',
  deleteSessionConfirm: 'Are you sure you want to delete this session? This action cannot be undone.',
} as const;

/** The Save Recording dialog's default name. */
export const defaultRecordingName = (beatTitle: string) => `${beatTitle} - Vocal Cover`;

/** 4/4: the count-in counts four beats per bar. */
export const BEATS_PER_BAR = 4;

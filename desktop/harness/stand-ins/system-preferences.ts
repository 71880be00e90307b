import type { SystemPreferencesLike } from '../../src/main/microphone';

/**
 * Electron's systemPreferences without Electron. Outside macOS and Windows the system has no
 * say over the microphone and Electron offers neither call, which is what this reproduces: the
 * browser's own permission prompt is the only gate (as on Linux in the app).
 */
export function createSystemPreferencesStandIn(): SystemPreferencesLike {
  return {};
}

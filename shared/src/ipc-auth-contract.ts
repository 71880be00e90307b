// The IPC contract's sign-in area: the desktop app signs in through the system browser and keeps
// the session in main; the renderer only sees who is signed in.
import { z } from 'zod';
import { ReturnPath, SessionUser } from './auth-contract';
import { ipcMethod, NoRequest, type IpcMethodSchema } from './ipc-channel-contract';

/** The app's sign-in as the renderer shows it. */
export const DesktopAuthStatus = z.object({
  /** The signed-in user, or null. */
  user: SessionUser.nullable(),
  /** A sign-in is waiting in the system browser for the user to finish it. */
  pending: z.boolean(),
  /**
   * The token is kept encrypted on disk. False when the operating system offers no encryption:
   * the token then lives in memory only and the user signs in again after a restart.
   */
  persisted: z.boolean(),
  /** The last sign-in failure, in words a person can act on; null when none. */
  error: z.string().nullable(),
});
export type DesktopAuthStatus = z.infer<typeof DesktopAuthStatus>;

/**
 * What the renderer asks a sign-in for: the page it was on (a ticket, a beat, the studio), shown
 * again once the deep link completes the sign-in. Main keeps it with the pending sign-in; it
 * never travels through the browser or the link.
 */
export const DesktopSignInRequest = z.strictObject({ returnTo: ReturnPath.optional() }).optional();
export type DesktopSignInRequest = z.infer<typeof DesktopSignInRequest>;

/** `window.beatroom.auth.*` */
export const authChannels = {
  /** Opens the sign-in page in the system browser; the app finishes it from the deep link. */
  signIn: ipcMethod(DesktopSignInRequest, DesktopAuthStatus),
  status: ipcMethod(NoRequest, DesktopAuthStatus),
  signOut: ipcMethod(NoRequest, DesktopAuthStatus),
  // No channel hands the session token to the page: main adds `Authorization: Bearer` to the
  // page's requests to the configured server itself (desktop/src/main/window.ts).
} as const satisfies Record<string, IpcMethodSchema>;

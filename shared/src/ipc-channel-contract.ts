// The pieces every area of the IPC contract builds its channels from (ipc-contract.ts assembles
// the areas into the one channel map). Nothing here touches Electron, Node or the DOM.
import { z } from 'zod';

/** One channel: what the renderer sends and what main answers. */
export interface IpcMethodSchema {
  request: z.ZodType;
  response: z.ZodType;
}

/** Declares one channel, keeping the exact schema types so requests and answers stay typed. */
export const ipcMethod = <Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res) => ({
  request,
  response,
});

/** Channels that take no argument. */
export const NoRequest = z.undefined();

/** Channels that act on one item the renderer names by its id (a saved file, an upload). */
export const IdRequest = z.strictObject({ id: z.string().min(1).max(100) });

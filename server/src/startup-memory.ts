import { setFlagsFromString } from 'node:v8';

/**
 * Start-up allocates a great deal that lives on (modules, Prisma's engine and its graph, the
 * migrations' check), and V8 answers its scavenges by doubling the young generation up to its
 * 2 × 16 MB, which an idle server then keeps: about 30 MB of its resident memory (the idle
 * memory goal in docs/performance.md). So until the server listens the young generation keeps
 * its first size (growth factor 1); then V8's default growth (2, Node 20 to 24) comes back,
 * and under load it grows as before (a small young generation costs twice the CPU per
 * request). V8 reads the flag each time it grows, so setting it at run time takes effect.
 *
 * This module must run before the packages the server loads: main.ts imports it first, and the
 * compiled server keeps it a file of its own (tools/build.mjs), since a bundle evaluates every
 * package it imports before any of its own code. `npm start` (tools/start.mjs) imports that
 * file before the bundle: ES modules are all loaded and compiled before any of them runs, and
 * that loading already grows the young generation.
 */
const FLAG = '--semi-space-growth-factor';
const V8_DEFAULT_GROWTH = 2;

/** Left alone when the flag is given on the command line or in NODE_OPTIONS. */
const held = ![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => arg.includes(FLAG));
if (held) setFlagsFromString(`${FLAG}=1`);

/** The server is up: the young generation may grow again. */
export function releaseYoungGeneration(): void {
  if (held) setFlagsFromString(`${FLAG}=${V8_DEFAULT_GROWTH}`);
}

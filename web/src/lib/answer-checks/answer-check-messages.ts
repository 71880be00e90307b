import type { AnswerContract, AnswerSchemaRef } from './answer-contracts';

/** From the page to the check worker. */
export type AnswerCheckRequest =
  | { type: 'prepare'; contract: AnswerContract }
  | { type: 'check'; id: number; ref: AnswerSchemaRef; text: string };

/** From the check worker: the checked answer, or why it failed (a ZodError's message lists the issues). */
export type AnswerCheckReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; name: string; message: string };

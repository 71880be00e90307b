import type { AnswerCheckReply, AnswerCheckRequest } from './answer-check-messages';
import { checkAnswerText, isAnswerContract, loadAnswerContract } from './answer-contracts';

/**
 * What the check worker does with a message from the page: loads a contract ahead of its
 * answers, or parses and checks an answer and replies with what the schema answers or why it
 * failed (a ZodError's message lists the issues).
 */
export function handleAnswerCheck(
  request: AnswerCheckRequest,
  reply: (message: AnswerCheckReply) => void,
): void {
  if (request.type === 'prepare') {
    // Loaded beside the request, so the schema is built by the time the answer arrives.
    if (isAnswerContract(request.contract)) loadAnswerContract(request.contract).catch(() => undefined);
    return;
  }
  checkAnswerText(request.ref, request.text).then(
    (value) => reply({ id: request.id, ok: true, value }),
    (error: unknown) =>
      reply({
        id: request.id,
        ok: false,
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
}

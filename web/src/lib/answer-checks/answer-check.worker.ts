/// <reference lib="webworker" />
// The check worker: API answers are parsed and checked against their contracts' schemas here,
// so zod and the contracts are built and run off the page's main thread.
import type { AnswerCheckRequest } from './answer-check-messages';
import { handleAnswerCheck } from './answer-check-handler';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<AnswerCheckRequest>) => {
  handleAnswerCheck(event.data, (reply) => self.postMessage(reply));
};

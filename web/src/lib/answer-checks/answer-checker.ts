import type { AnswerChecker } from '../api-client';
import type { AnswerCheckReply, AnswerCheckRequest } from './answer-check-messages';
import type { AnswerContract, AnswerOf, AnswerSchemaName, AnswerSchemaRef } from './answer-contracts';

/** An answer that does not match its contract (the message is zod's list of issues). */
export class AnswerCheckError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

interface Job {
  ref: AnswerSchemaRef;
  text: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The page's one check worker: undefined until first needed, null where there is none. */
let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, Job>();
/** Contracts already asked to load: a contract loads once, however many requests name it. */
const prepared = new Set<AnswerContract>();

/** The registry, in the page only where no worker runs (kept out of the page's first load). */
const inPage = () => import('./answer-contracts');

function checkInPage(job: Job): void {
  inPage()
    .then(({ checkAnswerText }) => checkAnswerText(job.ref, job.text))
    .then(job.resolve, job.reject);
}

/**
 * The worker could not start (or died): the answers it held, and every later one, are checked
 * in the page instead. Slower for the page, never a lost answer.
 */
function checkInPageFromNowOn(): void {
  worker?.terminate();
  worker = null;
  const jobs = [...pending.values()];
  pending.clear();
  jobs.forEach(checkInPage);
}

function onReply(event: MessageEvent<AnswerCheckReply>): void {
  const reply = event.data;
  const job = pending.get(reply.id);
  if (!job) return;
  pending.delete(reply.id);
  if (reply.ok) job.resolve(reply.value);
  else job.reject(new AnswerCheckError(reply.name, reply.message));
}

function checkWorker(): Worker | null {
  if (worker !== undefined) return worker;
  // No workers where the app runs without them (jsdom in tests): the same checks, in the page.
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./answer-check.worker.ts', import.meta.url), {
      type: 'module',
      name: 'answer-checks',
    });
  } catch {
    return (worker = null);
  }
  worker.addEventListener('message', onReply);
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    checkInPageFromNowOn();
  });
  return worker;
}

function send(message: AnswerCheckRequest): boolean {
  const target = checkWorker();
  if (!target) return false;
  target.postMessage(message);
  return true;
}

/**
 * An API answer's schema, named by its contract (answer-contracts.ts), for the api client's
 * `schema` option: the answer's text is parsed and checked in the check worker, and what the
 * schema answers comes back (structured clone keeps the plain data, Dates included). The
 * contract starts loading there when the request starts. Where no worker can run, the page
 * does the same checks itself.
 */
export function answerSchema<C extends AnswerContract, N extends AnswerSchemaName<C>>(
  contract: C,
  name: N,
): AnswerChecker<AnswerOf<C, N>> {
  const ref: AnswerSchemaRef = { contract, name };
  return {
    prepareCheck() {
      if (prepared.has(contract)) return;
      prepared.add(contract);
      if (!send({ type: 'prepare', contract })) {
        inPage()
          .then(({ loadAnswerContract }) => loadAnswerContract(contract))
          .catch(() => undefined);
      }
    },
    checkText(text) {
      return new Promise((resolve, reject) => {
        const job: Job = { ref, text, resolve: resolve as (value: unknown) => void, reject };
        const id = nextId++;
        pending.set(id, job);
        if (!send({ type: 'check', id, ref, text })) {
          pending.delete(id);
          checkInPage(job);
        }
      });
    },
  };
}

/** Forgets the worker (tests give each case a fresh one). */
export function resetAnswerChecker(): void {
  worker?.terminate();
  worker = undefined;
  pending.clear();
  prepared.clear();
}

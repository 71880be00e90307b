import type { output, ZodType } from 'zod';

/**
 * The contracts whose schemas check API answers off the page's main thread
 * (answer-checker.ts), by name: the check worker and the in-page fallback load a contract
 * from here when it first checks an answer. Building a contract's zod schemas is most of what
 * zod costs a page load (a beat page spent ~250 ms of a phone's main thread on it), so pages
 * that name their schemas here never build them on the main thread.
 */
export const answerContracts = {
  'auth-contract': () => import('@beatroom/shared/auth-contract'),
  'beat-list-contract': () => import('@beatroom/shared/beat-list-contract'),
  'beat-social-contract': () => import('@beatroom/shared/beat-social-contract'),
  'beats-contract': () => import('@beatroom/shared/beats-contract'),
  'community-contract': () => import('@beatroom/shared/community-contract'),
  'coupons-contract': () => import('@beatroom/shared/coupons-contract'),
  'credits-contract': () => import('@beatroom/shared/credits-contract'),
  'downloads-contract': () => import('@beatroom/shared/downloads-contract'),
  'files-contract': () => import('@beatroom/shared/files-contract'),
  'licence-terms-contract': () => import('@beatroom/shared/licence-terms-contract'),
  'money-contract': () => import('@beatroom/shared/money-contract'),
  'player-saved-state': () => import('@beatroom/shared/player-saved-state'),
  'realtime-objects-contract': () => import('@beatroom/shared/realtime-objects-contract'),
  'subscriptions-contract': () => import('@beatroom/shared/subscriptions-contract'),
};

export type AnswerContract = keyof typeof answerContracts;
type ContractModule<C extends AnswerContract> = Awaited<ReturnType<(typeof answerContracts)[C]>>;

/** The names of a contract's exported zod schemas. */
export type AnswerSchemaName<C extends AnswerContract> = {
  [K in keyof ContractModule<C>]: ContractModule<C>[K] extends ZodType ? K : never;
}[keyof ContractModule<C>] &
  string;

/** What a schema's parse answers (its output type). */
export type AnswerOf<
  C extends AnswerContract,
  N extends AnswerSchemaName<C>,
> = ContractModule<C>[N] extends ZodType ? output<ContractModule<C>[N]> : never;

/** Starts loading a contract (its module and zod schemas), to have it ready for a check. */
export function loadAnswerContract(contract: AnswerContract): Promise<unknown> {
  return answerContracts[contract]();
}

/** A named schema of a named contract, as it travels to the check worker. */
export interface AnswerSchemaRef {
  contract: AnswerContract;
  name: string;
}

export function isAnswerContract(name: string): name is AnswerContract {
  return Object.hasOwn(answerContracts, name);
}

/** Loads a contract and finds the schema (throws on a name the registry does not know). */
export async function loadAnswerSchema(ref: AnswerSchemaRef): Promise<ZodType> {
  if (!isAnswerContract(ref.contract)) throw new Error(`Unknown answer contract: ${ref.contract}`);
  const contract = (await answerContracts[ref.contract]()) as Record<string, unknown>;
  const schema = contract[ref.name] as ZodType | undefined;
  if (!schema || typeof schema.parse !== 'function') {
    throw new Error(`${ref.contract} has no schema named ${ref.name}`);
  }
  return schema;
}

/** The answer's text as JSON (an empty answer, e.g. 204, is undefined), checked by the schema. */
export async function checkAnswerText(ref: AnswerSchemaRef, text: string): Promise<unknown> {
  const schema = await loadAnswerSchema(ref);
  return schema.parse(text ? (JSON.parse(text) as unknown) : undefined);
}

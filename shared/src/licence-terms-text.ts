// How licence terms read to a person, without zod: the beat page uses these on its first load.
import { groupThousands } from './format-numbers';

/** The credit line with the producer's name in place of {producer}. */
export function creditLineFor(terms: { credit_line: string }, producerName: string): string {
  return terms.credit_line.replaceAll('{producer}', producerName);
}

/** An allowance as a person reads it: '10,000' or 'Unlimited'. */
export function allowanceText(value: number | null): string {
  return value === null ? 'Unlimited' : groupThousands(value);
}

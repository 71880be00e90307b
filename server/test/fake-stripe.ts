import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { installCharges, type FakeCharges } from './fake-stripe-charges';
import { parseForm, type Params } from './stripe-form';

/**
 * A small fake of Stripe's HTTP API on loopback, for tests that drive the real `stripe` SDK
 * (STRIPE_API_BASE points the SDK here). It keeps objects in memory, honours idempotency keys
 * like Stripe does, records every request, and offers the steps a buyer takes on Stripe's own
 * pages (`pay`, `expire`) plus signed webhook delivery. Only the endpoints Beatroom calls exist;
 * add more with `route` (e.g. Connect accounts for payouts).
 */

type Obj = Record<string, unknown> & { id: string };
export type FakeHandler = (params: Params, match: RegExpMatchArray) => { status?: number; body: unknown };

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
}

export const TEST_WEBHOOK_SECRET = 'whsec_test_beatroom';
export const TEST_SECRET_KEY = 'sk_test_beatroom';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const missing = (what: string, id: string) => ({
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` },
  },
});

const declinedCard = () => ({
  status: 402,
  body: {
    error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
});

/** A recurring price's period in seconds (the fake's months are 30 days, its years 365). */
const periodSeconds = (price: Params) =>
  ((price.recurring as Params).interval === 'year' ? 365 : 30) * 24 * 60 * 60;

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly products = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  /** Customers' credit balances in cents (Stripe keeps them as a negative `balance`). */
  readonly credit = new Map<string, number>();
  /** Payment methods whose charges are declined. */
  readonly declined = new Set<string>();
  /** `POST /v1/refunds`-style keys of endpoints that answer 500 (an outage) until removed. */
  readonly failing = new Set<string>();
  private readonly routes: { method: string; pattern: RegExp; handler: FakeHandler }[] = [];
  /** Charges, refunds and disputes (fake-stripe-charges.ts): `fake.charges.dispute(pi)` etc. */
  readonly charges: FakeCharges;
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  private server: Server | null = null;
  url = '';

  constructor() {
    this.route('POST', /^\/v1\/customers$/, (p) => {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: p.email ?? null,
        name: p.name ?? null,
        metadata: p.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      };
      this.customers.set(customer.id, customer);
      return { body: customer };
    });
    this.route('GET', /^\/v1\/customers\/([^/]+)$/, (_p, m) => {
      const customer = this.customers.get(m[1]!);
      return customer ? { body: customer } : missing('customer', m[1]!);
    });
    this.route('GET', /^\/v1\/customers\/([^/]+)\/payment_methods$/, (_p, m) => ({
      body: {
        object: 'list',
        url: m[0],
        has_more: false,
        data: [...this.paymentMethods.values()].filter((pm) => pm.customer === m[1]),
      },
    }));
    this.route('GET', /^\/v1\/payment_methods\/([^/]+)$/, (_p, m) => {
      const pm = this.paymentMethods.get(m[1]!);
      return pm ? { body: pm } : missing('payment_method', m[1]!);
    });
    this.route('POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, (_p, m) => {
      const pm = this.paymentMethods.get(m[1]!);
      if (!pm) return missing('payment_method', m[1]!);
      pm.customer = null;
      return { body: pm };
    });
    this.route('POST', /^\/v1\/checkout\/sessions$/, (p) => {
      const items = p.line_items as Params[];
      const line = items[0]!;
      const price = line.price_data as Params;
      // Stripe charges the sum of the line items (a cart order has one per beat).
      const total = items.reduce(
        (sum, item) => sum + Number((item.price_data as Params).unit_amount) * Number(item.quantity ?? 1),
        0,
      );
      const session = {
        id: newId('cs_test'),
        object: 'checkout.session',
        mode: p.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: p.customer ?? null,
        client_reference_id: p.client_reference_id ?? null,
        amount_total: total,
        line_items: items,
        currency: price.currency,
        metadata: p.metadata ?? {},
        expires_at: Number(p.expires_at),
        payment_intent: null,
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        payment_intent_data: p.payment_intent_data ?? {},
        allowed_payment_method_types: p.allowed_payment_method_types ?? [],
        subscription_data: p.subscription_data ?? {},
        line_price: price,
        subscription: null,
        invoice: null,
      } as Obj;
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      this.sessions.set(session.id, session);
      return { body: session };
    });
    this.route('GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (_p, m) => {
      const session = this.sessions.get(m[1]!);
      return session ? { body: session } : missing('checkout.session', m[1]!);
    });
    this.route('POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_p, m) => {
      const session = this.sessions.get(m[1]!);
      if (!session) return missing('checkout.session', m[1]!);
      if (session.status !== 'open') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: `Session is ${String(session.status)}` } },
        };
      }
      session.status = 'expired';
      return { body: session };
    });
    this.route('POST', /^\/v1\/payment_intents$/, (p) => {
      const pmId = String(p.payment_method);
      if (this.declined.has(pmId)) return declinedCard();
      const intent = this.intent(Number(p.amount), String(p.currency), p, pmId);
      return { body: intent };
    });
    this.billingRoutes();
    this.charges = installCharges(this);
  }

  /** Stripe Billing: products, subscriptions and their invoices (a subscription's periods). */
  private billingRoutes() {
    this.route('POST', /^\/v1\/products$/, (p) => {
      const product = { id: newId('prod'), object: 'product', name: p.name, metadata: p.metadata ?? {} };
      this.products.set(product.id, product);
      return { body: product };
    });
    this.route('POST', /^\/v1\/subscriptions$/, (p) => {
      const pmId = String(p.default_payment_method);
      if (this.declined.has(pmId)) return declinedCard();
      const item = (p.items as Params[])[0]!;
      const { subscription } = this.startSubscription(
        String(p.customer),
        item.price_data as Params,
        (p.metadata as Params) ?? {},
        pmId,
      );
      return { body: subscription };
    });
    this.route('GET', /^\/v1\/subscriptions\/([^/]+)$/, (_p, m) => {
      const sub = this.subscriptions.get(m[1]!);
      return sub ? { body: sub } : missing('subscription', m[1]!);
    });
    this.route('POST', /^\/v1\/subscriptions\/([^/]+)$/, (p, m) => {
      const sub = this.subscriptions.get(m[1]!);
      if (!sub) return missing('subscription', m[1]!);
      if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
      if (p.metadata) sub.metadata = { ...(sub.metadata as Params), ...(p.metadata as Params) };
      const change = (p.items as Params[] | undefined)?.[0];
      if (change?.price_data) {
        const item = this.itemOf(sub);
        const before = item.price as Params;
        const price = this.price(change.price_data as Params);
        item.price = price;
        const newInterval = (price.recurring as Params).interval !== (before.recurring as Params).interval;
        // What is left of the period already paid, as Stripe prorates it: credited back.
        const [from, to] = [Number(item.current_period_start), Number(item.current_period_end)];
        const left = Math.max(0, to - now()) / Math.max(1, to - from);
        const oldAmount = Number(before.unit_amount);
        const newAmount = Number(price.unit_amount);
        // A new interval starts a whole new period now; the same interval pays the difference.
        const total = newInterval
          ? newAmount - Math.round(oldAmount * left)
          : Math.round((newAmount - oldAmount) * left);
        if (newInterval) {
          // A new interval restarts the billing cycle today, prorating what was left.
          // (A second later at least: a test changes tier within the second it subscribed.)
          const start = Math.max(now(), Number(item.current_period_start) + 1);
          item.current_period_start = start;
          item.current_period_end = start + periodSeconds(price);
        }
        if (p.proration_behavior === 'always_invoice') {
          this.invoice(sub, this.collect(String(sub.customer), total), 'subscription_update', 'paid', total);
        }
      }
      return { body: sub };
    });
    this.route('GET', /^\/v1\/invoices\/([^/]+)$/, (_p, m) => {
      const invoice = this.invoices.get(m[1]!);
      return invoice ? { body: invoice } : missing('invoice', m[1]!);
    });
    this.route('DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (_p, m) => {
      const sub = this.subscriptions.get(m[1]!);
      if (!sub) return missing('subscription', m[1]!);
      sub.status = 'canceled';
      return { body: sub };
    });
    this.route('DELETE', /^\/v1\/customers\/([^/]+)$/, (_p, m) => {
      if (!this.customers.delete(m[1]!)) return missing('customer', m[1]!);
      return { body: { id: m[1], object: 'customer', deleted: true } };
    });
  }

  private price(data: Params): Params {
    return {
      id: newId('price'),
      object: 'price',
      currency: data.currency,
      unit_amount: Number(data.unit_amount),
      product: data.product,
      recurring: { interval: (data.recurring as Params).interval },
    };
  }

  private itemOf(sub: Obj): Params {
    return ((sub.items as Params).data as Params[])[0]!;
  }

  /**
   * The customer's credit balance (what prorations gave back) pays first, as Stripe applies it:
   * answers what is left to charge, and keeps a negative total's remainder as credit.
   */
  private collect(customer: string, total: number): number {
    const credit = this.credit.get(customer) ?? 0;
    const due = total - credit;
    this.credit.set(customer, due < 0 ? -due : 0);
    return Math.max(0, due);
  }

  /**
   * A paid invoice of the subscription (its first, a renewal, or a proration). A paid one with
   * something to pay was paid by a PaymentIntent, listed in its `payments` as Stripe does.
   * `total` is before the customer's credit (negative for a proration that gives money back).
   */
  private invoice(
    sub: Obj,
    amount: number,
    reason: string,
    status: 'paid' | 'open' = 'paid',
    total = amount,
  ): Obj {
    const intent =
      status === 'paid' && amount > 0
        ? this.intent(amount, 'usd', { customer: sub.customer, metadata: {} }, null)
        : null;
    const invoice = {
      id: newId('in'),
      object: 'invoice',
      status,
      customer: sub.customer,
      total,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: 'usd',
      billing_reason: reason,
      payments: {
        object: 'list',
        has_more: false,
        data: intent
          ? [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: intent.id } }]
          : [],
      },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
    };
    this.invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  private startSubscription(
    customer: string,
    priceData: Params,
    metadata: Params,
    paymentMethod: string | null,
  ) {
    const price = this.price(priceData);
    const start = now();
    const sub = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      default_payment_method: paymentMethod,
      metadata,
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: start + periodSeconds(price),
            price,
          },
        ],
      },
    } as Obj;
    this.subscriptions.set(sub.id, sub);
    const invoice = this.invoice(sub, Number(price.unit_amount), 'subscription_create');
    return { subscription: sub, invoice };
  }

  /** The buyer pays a subscription-mode Checkout: Stripe starts the subscription, paid. */
  paySubscription(sessionId: string): { session: Obj; subscription: Obj; invoice: Obj } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const card = this.addCard(String(session.customer));
    const { subscription, invoice } = this.startSubscription(
      String(session.customer),
      session.line_price as Params,
      ((session.subscription_data as Params).metadata as Params) ?? {},
      card.id,
    );
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      invoice: invoice.id,
    });
    return { session: { ...session }, subscription: { ...subscription }, invoice: { ...invoice } };
  }

  /** Stripe bills the next period: paid, or (failed) the subscription turns past_due. */
  renewSubscription(subscriptionId: string, outcome: 'paid' | 'failed' = 'paid') {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    const item = this.itemOf(sub);
    const price = item.price as Params;
    if (outcome === 'failed') {
      sub.status = 'past_due';
      const invoice = this.invoice(sub, Number(price.unit_amount), 'subscription_cycle', 'open');
      return { subscription: structuredClone(sub), invoice: { ...invoice } };
    }
    item.current_period_start = item.current_period_end;
    item.current_period_end = Number(item.current_period_end) + periodSeconds(price);
    sub.status = 'active';
    const invoice = this.invoice(sub, Number(price.unit_amount), 'subscription_cycle');
    return { subscription: structuredClone(sub), invoice: { ...invoice } };
  }

  /** Adds (or overrides, added later wins) an endpoint, e.g. for Connect accounts. */
  route(method: string, pattern: RegExp, handler: FakeHandler): void {
    this.routes.unshift({ method, pattern, handler });
  }

  private intent(amount: number, currency: string, p: Params, paymentMethod: string | null): Obj {
    const intent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency,
      status: 'succeeded',
      customer: p.customer ?? null,
      payment_method: paymentMethod,
      metadata: p.metadata ?? {},
      application_fee_amount: p.application_fee_amount ? Number(p.application_fee_amount) : null,
      transfer_data: p.transfer_data ?? null,
      setup_future_usage: p.setup_future_usage ?? null,
    };
    this.paymentIntents.set(intent.id, intent);
    return intent;
  }

  /** A card saved on a customer, as Checkout would leave it with "save" ticked. */
  addCard(
    customerId: string,
    card: Partial<{ brand: string; last4: string; exp_month: number; exp_year: number }> = {},
  ) {
    const pm = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, wallet: null, ...card },
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  /** The buyer pays on Stripe's page: the session completes with a succeeded PaymentIntent. */
  pay(sessionId: string): { session: Obj; paymentIntent: Obj } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const data = session.payment_intent_data as Params;
    const card = session.customer ? this.addCard(String(session.customer)) : null;
    if (card && !data.setup_future_usage) this.paymentMethods.delete(card.id);
    const intent = this.intent(
      Number(session.amount_total),
      String(session.currency),
      { ...data, customer: session.customer },
      card?.id ?? null,
    );
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    return { session: { ...session }, paymentIntent: { ...intent } };
  }

  /** An event as Stripe sends it to webhooks. */
  event(type: string, object: Obj, id = newId('evt')): Stripe.Event {
    return {
      id,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    } as unknown as Stripe.Event;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    let text = '';
    for await (const chunk of req) text += chunk;
    const params =
      req.method === 'GET' || req.method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(text);
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(body));
    };
    if (this.failing.has(`${req.method} ${url.pathname}`)) {
      return send(500, { error: { type: 'api_error', message: 'Stripe is having a bad day' } });
    }
    const cacheKey = idempotencyKey ? `${req.method} ${url.pathname} ${idempotencyKey}` : null;
    const cached = cacheKey ? this.idempotent.get(cacheKey) : undefined;
    if (cached) return send(cached.status, cached.body);
    for (const r of this.routes) {
      const match = r.method === req.method ? url.pathname.match(r.pattern) : null;
      if (!match) continue;
      const { status = 200, body } = r.handler(params, match);
      if (cacheKey && req.method === 'POST') this.idempotent.set(cacheKey, { status, body });
      return send(status, body);
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      },
    });
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Environment for createTestApp: Stripe configured and pointed at this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE: this.url,
    };
  }
}

const signer = new Stripe(TEST_SECRET_KEY);

/**
 * Delivers an event to the app's webhook, signed like Stripe signs it
 * (`generateTestHeaderString`). `timestamp` (seconds) makes a stale signature; `tamper`
 * changes the body after signing.
 */
export function deliverWebhook(
  app: FastifyInstance,
  event: Stripe.Event,
  options: { secret?: string; timestamp?: number; tamper?: (payload: string) => string } = {},
) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: options.tamper ? options.tamper(payload) : payload,
  });
}

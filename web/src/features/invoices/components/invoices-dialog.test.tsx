import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_EVENT, type ToastDetail } from '../../../lib/toast';
import { makeInvoice, makeInvoicePage } from '../../../test/account-fixtures';
import { listener } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../../test/render';
import { sessionKeys } from '../../session/api';
import { parseInvoiceItems } from '../invoice-items';
import { useInvoicesDialog } from '../store/invoices-dialog-store';
import { InvoicesDialog } from './invoices-dialog';

const pageOne = [
  makeInvoice({ invoice_number: 'BR-2026-000012', status: 'paid' }),
  makeInvoice({ invoice_number: 'BR-2026-000011', status: 'pending' }),
  makeInvoice({ invoice_number: 'BR-2026-000010', status: 'refunded' }),
];
const pageTwo = [makeInvoice({ invoice_number: 'BR-2026-000001' })];
const euro = makeInvoice({
  invoice_number: 'BR-2026-000007',
  currency: 'EUR',
  lines: [
    { name: 'Night Drive (Basic licence)', quantity: 1, price: 2549 },
    { name: 'Sunrise Drill (Premium licence)', quantity: 2, price: 1000 },
  ],
  subtotal_cents: 4549,
  tax_cents: 864,
  discount_cents: 500,
  total_cents: 4913,
});

function setup(handlers: Record<string, FetchHandler> = {}) {
  const api = stubFetch({
    'GET /api/invoices': ({ query }) =>
      jsonResponse(
        query.get('page') === '2' ? makeInvoicePage(pageTwo, 2, 2) : makeInvoicePage(pageOne, 1, 2),
      ),
    ...handlers,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, listener);
  useInvoicesDialog.getState().open();
  const view = renderRoutes([{ path: '/', element: <InvoicesDialog /> }], { queryClient });
  return { ...view, api };
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Invoices' }))
    .getAllByRole('button')
    .map((row) => row.getAttribute('aria-label'));

let toasts: ToastDetail[] = [];
const onToast = (event: Event) => toasts.push((event as CustomEvent<ToastDetail>).detail);
beforeEach(() => {
  toasts = [];
  window.addEventListener(TOAST_EVENT, onToast);
});
afterEach(() => {
  window.removeEventListener(TOAST_EVENT, onToast);
  useInvoicesDialog.getState().close();
});

describe('Invoices & Receipts', () => {
  it('lists a page of invoices, paid in green and any other status in yellow', async () => {
    const { api } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Invoices & Receipts' });
    await waitFor(() => expect(listed()).toEqual(pageOne.map((i) => `Invoice ${i.invoice_number}`)));
    expect(api.calls('GET /api/invoices')[0]?.query.toString()).toBe('page=1&limit=10');

    const status = (text: string) => within(dialog).getByText(text);
    expect(status('paid')).toHaveAttribute('data-tone', 'paid');
    expect(status('paid').className).toContain('text-emerald-300');
    for (const other of ['pending', 'refunded']) {
      expect(status(other)).toHaveAttribute('data-tone', 'other');
      expect(status(other).className).toContain('text-amber-300');
    }
    // Each total as charged, naming its currency.
    expect(within(dialog).getAllByText('$59.98 USD')).toHaveLength(3);
  });

  it('pages with Previous and Next up to pagination.pages', async () => {
    const { user, api } = setup();
    await screen.findByText('BR-2026-000012');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listed()).toEqual(['Invoice BR-2026-000001']));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.calls('GET /api/invoices').at(-1)?.query.get('page')).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(listed()).toHaveLength(3));
  });

  it('says when there are no invoices, without pages', async () => {
    setup({ 'GET /api/invoices': () => jsonResponse(makeInvoicePage([], 1, 0)) });
    expect(await screen.findByRole('heading', { name: 'No invoices yet' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Invoice pages' })).not.toBeInTheDocument();
  });

  it('shows an invoice’s items and totals in euros, and goes back to the same page', async () => {
    const { user } = setup({
      'GET /api/invoices': ({ query }) =>
        jsonResponse(
          query.get('page') === '2' ? makeInvoicePage([euro], 2, 2) : makeInvoicePage(pageOne, 1, 2),
        ),
    });
    await screen.findByText('BR-2026-000012');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Invoice BR-2026-000007' }));

    const detail = screen.getByRole('article', { name: 'BR-2026-000007' });
    const items = within(detail)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(items).toEqual([
      ['Night Drive (Basic licence)', '1', '€25.49'],
      ['Sunrise Drill (Premium licence)', '2', '€10.00'],
    ]);
    const totals = within(detail).getByLabelText('Totals');
    expect(totals).toHaveTextContent('Subtotal€45.49');
    expect(totals).toHaveTextContent('Tax€8.64');
    expect(totals).toHaveTextContent('Discount-€5.00');
    expect(totals).toHaveTextContent('Total€49.13');

    await user.click(within(detail).getByRole('button', { name: 'All invoices' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(listed()).toEqual(['Invoice BR-2026-000007']);
  });

  it('downloads the invoice PDF under its number', async () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user, api } = setup({
      'GET /api/invoices/BR-2026-000012/pdf': () =>
        new Response('%PDF-1.7 …', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Invoice BR-2026-000012' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('BR-2026-000012.pdf');
    expect(clicked[0]!.href).toMatch(/^blob:/);
    expect(api.calls('GET /api/invoices/BR-2026-000012/pdf')[0]?.init?.credentials).toBe('include');
    expect(toasts).toEqual([]);
  });

  it('shows a refunded invoice’s credit note beside it and downloads its PDF under its number', async () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const refunded = makeInvoice({
      invoice_number: 'BR-2026-000020',
      status: 'refunded',
      credit_notes: [
        {
          credit_note_number: 'CN-2026-000003',
          issued_at: '2026-11-21T10:00:00.000Z',
          total_cents: 5998,
          reason: 'Duplicate purchase',
        },
      ],
    });
    const { user, api } = setup({
      'GET /api/invoices': () => jsonResponse(makeInvoicePage([refunded])),
      'GET /api/credit-notes/CN-2026-000003/pdf': () =>
        new Response('%PDF-1.7 …', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Invoice BR-2026-000020' }));
    const note = screen.getByTestId('credit-note');
    expect(note).toHaveTextContent('CN-2026-000003');
    expect(note).toHaveTextContent('Duplicate purchase');
    expect(note).toHaveTextContent('-$59.98');
    await user.click(
      within(note).getByRole('button', { name: 'Download PDF of credit note CN-2026-000003' }),
    );
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('CN-2026-000003.pdf');
    expect(api.calls('GET /api/credit-notes/CN-2026-000003/pdf')).toHaveLength(1);
    expect(toasts).toEqual([]);
  });

  it('alerts "Failed to download invoice." when the PDF cannot be fetched, and saves nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup({
      'GET /api/invoices/BR-2026-000012/pdf': () => jsonResponse({ error: 'Invoice not found' }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Invoice BR-2026-000012' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect(toasts).toEqual([{ type: 'error', title: 'Failed to download invoice.' }]));
    expect(click).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('404'));
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });
});

describe('parseInvoiceItems', () => {
  it('reads the JSON text of items, and shows no lines for anything else', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseInvoiceItems('[{"name":"Beat","quantity":1,"price":999}]')).toEqual([
      { name: 'Beat', quantity: 1, price: 999 },
    ]);
    expect(parseInvoiceItems('not json')).toEqual([]);
    expect(parseInvoiceItems('[{"name":"Beat"}]')).toEqual([]);
    expect(parseInvoiceItems('{}')).toEqual([]);
  });
});

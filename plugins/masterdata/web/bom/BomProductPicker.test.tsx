// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { BomProductPicker, type OpenProduct } from './BomProductPicker.tsx';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
const denied = () => new Response(JSON.stringify({ meta: { success: false, code: 403, message: 'You are not authorized to operate' }, data: { code: 'not_allowed', messageKey: 'error.not_allowed', params: {}, issues: [] } }), { status: 403, headers: { 'content-type': 'application/json' } });

const record = (rootId: string, serialNum: string, productName: string, enProductName: string | null) => ({ id: `${rootId}-v1`, rootId, serialNum, values: { productName, enProductName } });
const DOOR = { productId: 'p-door', productNum: 'PA-1', productName: '车门', enProductName: 'Door', bomId: 'b-1', bomNum: 'PB2603010001', partCount: 6 };

/** The product list (or its refusal) and the products with a BOM; the requests kept. */
function serve(productList: 'all' | 'denied'): { path: string; body: unknown; query: string }[] {
  const sent: { path: string; body: unknown; query: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      sent.push({ path: url.pathname, query: url.search, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
      if (url.pathname === '/api/mainData/product/list') {
        if (productList === 'denied') return denied();
        // a released door with a draft of its next version: one product
        return ok({ items: [record('p-door', 'PA-1', '车门', 'Door'), record('p-door', 'PA-1', '车门', 'Door'), record('p-seat', 'PA-2', '座椅', null)], total: 3, page: 1, limit: 10 });
      }
      return ok([DOOR]);
    }),
  );
  return sent;
}

function show(current: OpenProduct | null, onOpen = vi.fn()) {
  const view = (product: OpenProduct | null) => (
    <I18nProvider i18n={i18n}>
      <BomProductPicker current={product} onOpen={onOpen} />
    </I18nProvider>
  );
  const { rerender } = render(view(current));
  return { onOpen, input: screen.getByTestId('bom-product') as HTMLInputElement, reopen: (product: OpenProduct | null) => rerender(view(product)) };
}

/** Types into the field and asks for the suggestions at once (ArrowDown). */
async function search(input: HTMLInputElement, text: string) {
  input.focus();
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  await screen.findAllByRole('option');
}

describe('the BOM page’s product picker', () => {
  it('searches every product, marks those with a BOM, and opens the one picked', async () => {
    const sent = serve('all');
    const { input, onOpen } = show(null);
    expect(input.placeholder).toBe('Choose a product');
    await search(input, 'PA');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['PA-1 Door BOM PB2603010001, 6 parts', 'PA-2 座椅 no BOM yet']);
    expect(sent.find((s) => s.path === '/api/mainData/product/list')!.body).toEqual({ search: 'PA', page: 1, limit: 10 });
    expect(sent.find((s) => s.path === '/api/mainData/bom/products')!.query).toMatch(/^\?search=PA&limit=100&timestamp=\d+$/);
    fireEvent.click(screen.getByText('PA-2 座椅'));
    expect(onOpen).toHaveBeenCalledWith('p-seat');
  });

  it('shows the product open, and opens a number typed in full with Enter or Open', async () => {
    serve('all');
    const { input, onOpen, reopen } = show(null);
    fireEvent.change(input, { target: { value: ' PA-9 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith('PA-9');
    fireEvent.click(screen.getByTestId('bom-open'));
    expect(onOpen).toHaveBeenCalledTimes(2);
    reopen({ productNum: 'PA-1', productName: '车门', enProductName: 'Door' });
    await waitFor(() => expect(input.value).toBe('PA-1 Door'));
    // the product already open is not opened again
    expect((screen.getByTestId('bom-open') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('finds the products with a BOM only when the product list is not the user’s to read', async () => {
    serve('denied');
    const { input } = show(null);
    await search(input, 'door');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['PA-1 Door BOM PB2603010001, 6 parts']);
  });
});

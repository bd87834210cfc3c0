/** DOM helpers and the loading / error states every page uses. */
import { ApiError } from './api.js';

type Child = Node | string | null | undefined | false;

/**
 * Creates an element: `attrs` keys are attributes (`class`, `data-testid`, `aria-*`...),
 * except `on<event>` (a listener) and the properties `value`, `checked`, `disabled`
 * and `hidden`; null, undefined and false attributes are left out.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Record<string, unknown> | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    else if (name === 'value' || name === 'checked' || name === 'disabled' || name === 'hidden') (element as unknown as Record<string, unknown>)[name] = value;
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

function append(parent: Node, children: Child[]) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces the element's content. */
export function replace(element: Element, ...children: Child[]): void {
  element.replaceChildren();
  append(element, children);
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The error state: the API's detail, readably, with a Retry button (when given a retry). */
export function errorBox(error: unknown, retry?: () => void): HTMLElement {
  const status = error instanceof ApiError && error.status > 0 ? ` (HTTP ${error.status})` : '';
  return h(
    'div',
    { class: 'error', role: 'alert' },
    h('p', null, h('strong', null, `Something went wrong${status}: `), errorText(error)),
    retry ? h('button', { type: 'button', onclick: retry }, 'Retry') : null,
  );
}

/**
 * Loads, then renders into `view`: a loading state first, then what `render`
 * makes of the data, or the error state with a Retry button. Nothing happens
 * once `signal` is aborted (the route changed).
 */
export async function withStates<T>(view: HTMLElement, load: (signal: AbortSignal) => Promise<T>, render: (data: T) => Node | Node[], signal: AbortSignal): Promise<void> {
  replace(view, h('p', { class: 'loading', role: 'status' }, 'Loading…'));
  view.setAttribute('aria-busy', 'true');
  try {
    const data = await load(signal);
    if (signal.aborted) return;
    const rendered = render(data);
    replace(view, ...(Array.isArray(rendered) ? rendered : [rendered]));
  } catch (error) {
    if (signal.aborted || isAbort(error)) return;
    replace(view, errorBox(error, () => void withStates(view, load, render, signal)));
  } finally {
    view.removeAttribute('aria-busy');
  }
}

let toasts: HTMLElement | undefined;

/** A short message in the corner (role=status, or alert for errors), gone after a few seconds. */
export function toast(message: string, kind: 'info' | 'error' = 'info'): void {
  if (!toasts || !toasts.isConnected) {
    toasts = h('div', { class: 'toasts' });
    document.body.appendChild(toasts);
  }
  const item = h('div', { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status', 'data-testid': 'toast' }, message);
  toasts.appendChild(item);
  setTimeout(() => item.remove(), kind === 'error' ? 8000 : 4000);
}

/** A button that runs `action`, disabled while it runs; errors become an error toast. */
export function actionButton(label: string, action: () => Promise<void>, attrs: Record<string, unknown> = {}): HTMLButtonElement {
  const button = h('button', { type: 'button', ...attrs }, label);
  button.addEventListener('click', async () => {
    if (button.disabled) return;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    try {
      await action();
    } catch (error) {
      toast(errorText(error), 'error');
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  });
  return button;
}

/** A labelled form field (the label wraps the control, so clicking it focuses the control). */
export function field(label: string, control: HTMLElement, hint?: string): HTMLLabelElement {
  return h('label', { class: 'field' }, h('span', { class: 'field-label' }, label), control, hint ? h('span', { class: 'hint' }, hint) : null);
}

/** A definition list of label -> value rows (empty values shown as a dash). */
export function details(rows: [string, Child][]): HTMLDListElement {
  const list = h('dl', { class: 'details' });
  for (const [label, value] of rows) list.append(h('dt', null, label), h('dd', null, value === '' || value === null || value === undefined ? '–' : value));
  return list;
}

/** A table from headers and rows of cells. */
export function table(headers: string[], rows: Child[][], attrs: Record<string, unknown> = {}): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap' },
    h('table', attrs, h('thead', null, h('tr', null, ...headers.map((header) => h('th', { scope: 'col' }, header)))), h('tbody', null, ...rows.map((cells) => h('tr', null, ...cells.map((cell) => h('td', null, cell)))))),
  );
}

/** Copies text to the clipboard, with a toast either way. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('Copied.');
  } catch {
    toast('Could not copy: select the text and copy it by hand.', 'error');
  }
}

/** A value to copy: a read-only code box and a Copy button. */
export function copyable(value: string, testid: string): HTMLElement {
  return h('div', { class: 'copyable' }, h('code', { 'data-testid': testid }, value), h('button', { type: 'button', onclick: () => void copyText(value) }, 'Copy'));
}

/** Runs `fn` `ms` after the last call (search inputs). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

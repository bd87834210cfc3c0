/** Interactions the Bulk pulls, Webhooks and Lab orders pages share: confirmation and polling. */
import { ok } from './api.js';
import { jsonTokens } from './lib/json-pretty.js';
import { errorText, h, toast } from './ui.js';

/**
 * An inline confirmation for destructive actions (delete an endpoint, cancel an order):
 * the button turns into a question with "Yes" and "No" buttons in its place, keyboard
 * focus moving with it. No window.confirm: it blocks the page and cannot be styled.
 */
export function confirmButton(
  label: string,
  question: string,
  action: () => Promise<void>,
  attrs: { testid: string; confirmLabel?: string; class?: string },
): HTMLElement {
  const wrap = h('span', { class: 'confirm' });
  const trigger = h('button', { type: 'button', class: attrs.class ?? 'danger', 'data-testid': attrs.testid }, label);
  const showTrigger = () => {
    wrap.replaceChildren(trigger);
    trigger.focus();
  };
  trigger.addEventListener('click', () => {
    const yes = h('button', { type: 'button', class: 'danger', 'data-testid': `${attrs.testid}-confirm` }, attrs.confirmLabel ?? `Yes, ${label.toLowerCase()}`);
    const no = h('button', { type: 'button', class: 'secondary', 'data-testid': `${attrs.testid}-dismiss`, onclick: showTrigger }, 'No');
    yes.addEventListener('click', async () => {
      yes.disabled = true;
      no.disabled = true;
      try {
        await action();
      } catch (error) {
        toast(errorText(error), 'error');
        if (wrap.isConnected) showTrigger();
      }
    });
    wrap.replaceChildren(h('span', { role: 'group', 'aria-label': question, class: 'confirm-question' }, h('span', null, question), yes, no));
    yes.focus();
  });
  wrap.append(trigger);
  return wrap;
}

/** Schedules `tick` every `ms`, each run after the previous one ended, until `signal` aborts or `tick` says stop. */
export function poll(tick: () => Promise<boolean>, ms: number, signal: AbortSignal): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    if (signal.aborted) return;
    let again = true;
    try {
      again = await tick();
    } catch {
      // A failed poll is shown by the tick itself; keep polling, the server may come back.
    }
    if (again && !signal.aborted) timer = setTimeout(() => void run(), ms);
  };
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  timer = setTimeout(() => void run(), ms);
}

/** JSON pretty-printed in a <pre>, coloured by token (text nodes only: a payload cannot inject markup). */
export function jsonBlock(value: unknown, testid?: string): HTMLElement {
  const pre = h('pre', { class: 'json', 'data-testid': testid, tabindex: '0' });
  for (const token of jsonTokens(value)) {
    pre.append(token.kind === 'space' || token.kind === 'punct' ? document.createTextNode(token.text) : h('span', { class: `tok-${token.kind}` }, token.text));
  }
  return pre;
}

/** A collapsible section (<details>) whose content is built the first time it opens. */
export function lazyDetails(summary: string, build: () => Promise<Node> | Node, attrs: Record<string, unknown> = {}): HTMLDetailsElement {
  const body = h('div', { class: 'lazy-body' });
  const details = h('details', attrs, h('summary', null, summary), body);
  let built = false;
  details.addEventListener('toggle', async () => {
    if (!details.open || built) return;
    built = true;
    body.replaceChildren(h('p', { class: 'loading', role: 'status' }, 'Loading…'));
    try {
      body.replaceChildren(await build());
    } catch (error) {
      built = false;
      body.replaceChildren(h('div', { class: 'error', role: 'alert' }, errorText(error)));
    }
  });
  return details;
}

/**
 * `ok()` typed with the schema's own type. openapi-fetch's Readable<T> maps the open
 * enums (`'a' | 'b' | (string & {})`) into string-method objects, so its answers do not
 * fit the generated schema types; the server validates every answer against the schema.
 */
export function okAs<T>(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<T> {
  return ok(call) as Promise<T>;
}

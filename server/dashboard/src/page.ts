/**
 * What a page is and what it gets: the route table (routes.ts) maps hash paths to pages,
 * and main.ts renders the matched one with a context of its own.
 */
import type { Apis } from './api.js';

export interface PageContext {
  apis: Apis;
  params: Record<string, string>;
  query: URLSearchParams;
  navigate(hash: string): void;
  /** Aborted when the route changes: stop polling, ignore late answers. */
  signal: AbortSignal;
}

export interface Page {
  title: string;
  render(view: HTMLElement, ctx: PageContext): void | Promise<void>;
}

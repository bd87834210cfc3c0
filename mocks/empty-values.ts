/**
 * Empty query values (`?name=`) as the server reads them (server/shared/parameter-values.ts,
 * the documents' "Parameter values"): Prism takes an empty value as an absent one, so the
 * mock applies the server's rule before Prism. An optional text parameter without a format
 * reads '' as the empty string, held to its schema (an enum without '' refuses it); every
 * other parameter refuses it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { toValidationErrorItem, type PatternMessages, type ValidationErrorItem } from '../server/shared/error-shape.js';
import { emptyValueItem, type EmptyValueRule } from '../server/shared/parameter-values.js';

/** Checks '' against the schemas of the parameters that take it; compiled once per schema, on first use. */
export class EmptyValues {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });
  private readonly compiled = new Map<object, ValidateFunction | null>();

  constructor(private readonly messages?: PatternMessages) {}

  /** The 422 items of the request's empty query values (none when every empty value is taken). */
  items(rules: readonly EmptyValueRule[] | undefined, query: URLSearchParams): ValidationErrorItem[] {
    if (!rules) return [];
    const items: ValidationErrorItem[] = [];
    for (const rule of rules) {
      const values = query.getAll(rule.name);
      // A repeated parameter is an array, which Prism checks item by item.
      if (values.length !== 1 || values[0] !== '') continue;
      if (!rule.takesEmpty) {
        items.push(emptyValueItem(rule.name));
        continue;
      }
      const validate = rule.schema ? this.validator(rule.schema) : null;
      if (!validate || validate('')) continue;
      for (const error of validate.errors ?? []) {
        items.push(toValidationErrorItem({ part: 'query', path: [rule.name], keyword: error.keyword, message: error.message ?? 'is invalid' }, this.messages));
      }
    }
    return items;
  }

  private validator(schema: object): ValidateFunction | null {
    if (!this.compiled.has(schema)) {
      try {
        this.compiled.set(schema, this.ajv.compile(schema));
      } catch {
        // A schema that refers elsewhere in the document: Prism checks it.
        this.compiled.set(schema, null);
      }
    }
    return this.compiled.get(schema) ?? null;
  }
}

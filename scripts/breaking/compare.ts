import { finding, type Finding, type RuleId } from './rules.js';
import { coversType, deref, isObject, pointerTo, sameJson, shapeOf, type Json, type JsonObject, type Located, type Shape } from './schema.js';
import { HTTP_METHODS } from '../../server/shared/wire.js';

/**
 * Compares two bundled OpenAPI documents (3.0 or 3.1, local $refs only) and
 * lists the changes that break clients of the base document: see rules.ts.
 */
export function compareDocuments(base: JsonObject, head: JsonObject): Finding[] {
  return new Comparison(base, head).run();
}

/** Data a client sends (request) or receives (response, webhook payload). */
type Direction = 'request' | 'response' | 'webhook';

const show = (value: Json | undefined) => JSON.stringify(value);
const list = (values: readonly Json[]) => values.map(show).join(', ');
const types = (set: Set<string> | undefined) => (set ? [...set].sort().join(' | ') || 'nothing' : 'any type');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `/v2/user/{user_id}` and `/v2/user/{id}` are the same endpoint. */
const pathKey = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
const isSuccess = (status: string) => /^2(\d\d|XX)$/i.test(status);

const entries = (node: Json | undefined): [string, Json][] => (isObject(node) ? Object.entries(node) : []);

interface Parameter {
  key: string;
  label: string;
  in: string;
  required: boolean;
  located: Located;
  schema: Located | undefined;
}

class Comparison {
  private readonly findings: Finding[] = [];
  private readonly seen = new Set<string>();
  private readonly compared = new Set<string>();

  constructor(
    private readonly base: JsonObject,
    private readonly head: JsonObject,
  ) {}

  run(): Finding[] {
    this.compareOperations('paths');
    this.compareOperations('webhooks');
    return this.findings;
  }

  private add(rule: RuleId, document: Finding['document'], pointer: string, where: string, message: string, severity?: Finding['severity']) {
    const key = [rule, document, pointer, message].join('\u0000');
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.findings.push(finding(rule, document, pointer, where, message, severity));
  }

  private document(side: 'base' | 'head') {
    return side === 'base' ? this.base : this.head;
  }

  // -------------------------------------------------------------------------
  // Operations and webhooks

  private compareOperations(section: 'paths' | 'webhooks') {
    const headItems = new Map(entries(this.head[section]).map(([name]) => [section === 'paths' ? pathKey(name) : name, name]));
    for (const [name, baseItemRaw] of entries(this.base[section])) {
      const basePointer = pointerTo('', section, name);
      const baseItem = deref(this.base, baseItemRaw, basePointer);
      const headName = headItems.get(section === 'paths' ? pathKey(name) : name);
      const headItem = headName === undefined ? undefined : deref(this.head, this.head[section] && (this.head[section] as JsonObject)[headName], pointerTo('', section, headName));
      for (const method of HTTP_METHODS) {
        const baseOperation = isObject(baseItem.node) ? baseItem.node[method] : undefined;
        if (!isObject(baseOperation)) continue;
        const headOperation = headItem && isObject(headItem.node) ? headItem.node[method] : undefined;
        const where = section === 'paths' ? `${method.toUpperCase()} ${name}` : `webhook ${name}`;
        const deprecated = baseOperation.deprecated === true ? ' (it was deprecated, but clients may still use it)' : '';
        if (!isObject(headOperation)) {
          if (section === 'paths') this.add('operation-removed', 'base', pointerTo(baseItem.pointer, method), where, `${where} was removed${deprecated}`);
          else this.add('webhook-removed', 'base', pointerTo(baseItem.pointer, method), where, `webhook ${name} (${method.toUpperCase()}) is no longer sent${deprecated}`);
          continue;
        }
        const base = { item: baseItem, operation: { node: baseOperation, pointer: pointerTo(baseItem.pointer, method) }, path: name };
        const head = { item: headItem!, operation: { node: headOperation, pointer: pointerTo(headItem!.pointer, method) }, path: headName! };
        if (section === 'paths') this.compareOperation(where, base, head);
        else this.compareWebhook(where, base, head);
      }
    }
  }

  private parameters(side: 'base' | 'head', at: { item: Located; operation: Located; path: string }): Map<string, Parameter> {
    const document = this.document(side);
    const result = new Map<string, Parameter>();
    const pathParameters = [...at.path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]);
    for (const owner of [at.item, at.operation]) {
      const list = isObject(owner.node) ? owner.node.parameters : undefined;
      if (!Array.isArray(list)) continue;
      for (const [i, raw] of list.entries()) {
        const located = deref(document, raw, pointerTo(owner.pointer, 'parameters', i));
        if (!isObject(located.node) || typeof located.node.name !== 'string' || typeof located.node.in !== 'string') continue;
        const { name, in: where } = located.node;
        // Path parameters are matched by position (renaming one breaks no client), headers case-insensitively.
        const key = where === 'path' ? `path:${pathParameters.indexOf(name)}` : `${where}:${where === 'header' ? name.toLowerCase() : name}`;
        const schema = 'schema' in located.node ? { node: located.node.schema, pointer: pointerTo(located.pointer, 'schema') } : undefined;
        result.set(key, { key, label: `${where} parameter ${name}`, in: where, required: located.node.required === true || where === 'path', located, schema });
      }
    }
    return result;
  }

  private compareOperation(where: string, base: { item: Located; operation: Located; path: string }, head: { item: Located; operation: Located; path: string }) {
    // Parameters: what clients send.
    const baseParameters = this.parameters('base', base);
    const headParameters = this.parameters('head', head);
    for (const [key, parameter] of headParameters) {
      const before = baseParameters.get(key);
      if (parameter.required && !before) this.add('request-parameter-added-required', 'head', parameter.located.pointer, where, `new required ${parameter.label}: clients that do not send it are rejected`);
      else if (parameter.required && before && !before.required) this.add('request-parameter-added-required', 'head', parameter.located.pointer, where, `${parameter.label} became required: clients that do not send it are rejected`);
      if (before?.schema && parameter.schema) this.compareSchemas('request', before.schema, parameter.schema, `${where} ${parameter.label}`);
    }
    for (const [key, parameter] of baseParameters) {
      if (parameter.in === 'query' && !headParameters.has(key)) {
        this.add('request-parameter-removed', 'base', parameter.located.pointer, where, `${parameter.label} was removed: clients still sending it are rejected (unknown query parameters are a 422)`);
      }
    }

    // Request body.
    const operationOf = (located: Located) => (isObject(located.node) ? located.node : {});
    const baseBody = deref(this.base, operationOf(base.operation).requestBody, pointerTo(base.operation.pointer, 'requestBody'));
    const headBody = deref(this.head, operationOf(head.operation).requestBody, pointerTo(head.operation.pointer, 'requestBody'));
    const required = (body: Located) => isObject(body.node) && body.node.required === true;
    if (required(headBody) && !required(baseBody)) {
      this.add('request-body-became-required', 'head', headBody.pointer, where, isObject(baseBody.node) ? 'the request body became required' : 'the operation now requires a request body');
    }
    if (isObject(baseBody.node)) {
      for (const [mediaType, baseMedia, headMedia] of this.mediaTypes(baseBody, headBody)) {
        if (!headMedia) {
          this.add('request-type-changed', 'base', baseMedia.pointer, where, `the request body no longer accepts ${mediaType}`);
          continue;
        }
        this.compareMediaSchemas('request', baseMedia, headMedia, `${where} request body`);
      }
    }

    // Responses: what clients receive.
    const baseResponses = deref(this.base, operationOf(base.operation).responses, pointerTo(base.operation.pointer, 'responses'));
    const headResponses = deref(this.head, operationOf(head.operation).responses, pointerTo(head.operation.pointer, 'responses'));
    for (const [status, rawBase] of entries(baseResponses.node)) {
      const baseResponse = deref(this.base, rawBase, pointerTo(baseResponses.pointer, status));
      const rawHead = isObject(headResponses.node) ? headResponses.node[status] : undefined;
      if (rawHead === undefined) {
        if (isSuccess(status)) this.add('response-success-removed', 'base', baseResponse.pointer, where, `the ${status} response was removed: clients expecting it fail`);
        continue;
      }
      const headResponse = deref(this.head, rawHead, pointerTo(headResponses.pointer, status));
      for (const [mediaType, baseMedia, headMedia] of this.mediaTypes(baseResponse, headResponse)) {
        if (!headMedia) {
          if (isSuccess(status)) this.add('response-success-removed', 'base', baseMedia.pointer, where, `the ${status} response no longer returns ${mediaType}`);
          continue;
        }
        this.compareMediaSchemas('response', baseMedia, headMedia, `${where} ${status} ${mediaType}`);
      }
    }
  }

  private compareWebhook(where: string, base: { item: Located; operation: Located; path: string }, head: { item: Located; operation: Located; path: string }) {
    // Headers the service sends with the event: receivers may rely on them.
    const headParameters = this.parameters('head', head);
    for (const [key, parameter] of this.parameters('base', base)) {
      const after = headParameters.get(key);
      if (!after) this.add('webhook-field-removed', 'base', parameter.located.pointer, where, `${parameter.label} is no longer sent`);
      else if (parameter.schema && after.schema) this.compareSchemas('webhook', parameter.schema, after.schema, `${where} ${parameter.label}`);
    }
    const body = (document: JsonObject, operation: Located) => deref(document, isObject(operation.node) ? operation.node.requestBody : undefined, pointerTo(operation.pointer, 'requestBody'));
    const baseBody = body(this.base, base.operation);
    const headBody = body(this.head, head.operation);
    for (const [mediaType, baseMedia, headMedia] of this.mediaTypes(baseBody, headBody)) {
      if (!headMedia) {
        this.add('webhook-type-changed', 'base', baseMedia.pointer, where, `the payload is no longer sent as ${mediaType}`);
        continue;
      }
      this.compareMediaSchemas('webhook', baseMedia, headMedia, `${where} payload`);
    }
  }

  /** The media types of a base request body or response, each with its counterpart in the head one. */
  private mediaTypes(base: Located, head: Located): [string, Located, Located | undefined][] {
    const content = (located: Located) => (isObject(located.node) && isObject(located.node.content) ? located.node.content : {});
    const headContent = content(head);
    return Object.keys(content(base)).map((mediaType) => [
      mediaType,
      { node: content(base)[mediaType], pointer: pointerTo(base.pointer, 'content', mediaType) },
      mediaType in headContent ? { node: headContent[mediaType], pointer: pointerTo(head.pointer, 'content', mediaType) } : undefined,
    ]);
  }

  private compareMediaSchemas(direction: Direction, base: Located, head: Located, where: string) {
    const schema = (located: Located) => ({ node: isObject(located.node) ? located.node.schema : undefined, pointer: pointerTo(located.pointer, 'schema') });
    const baseSchema = schema(base);
    if (baseSchema.node === undefined) return;
    this.compareSchemas(direction, baseSchema, schema(head), where);
  }

  // -------------------------------------------------------------------------
  // Schemas

  private compareSchemas(direction: Direction, baseLocated: Located, headLocated: Located, where: string) {
    const base = shapeOf(this.base, baseLocated);
    const head = shapeOf(this.head, headLocated);
    const key = [direction, base.pointer, head.pointer].join('\u0000');
    if (this.compared.has(key)) return;
    this.compared.add(key);
    if (direction === 'request') this.compareAccepted(base, head, headLocated, where);
    else this.compareProduced(direction, base, head, baseLocated, where);
  }

  /** Request side: the head schema must accept every value the base one accepted. */
  private compareAccepted(base: Shape, head: Shape, headLocated: Located, where: string) {
    const at = this.changedAt(base, head);
    if (!base.types && head.types) {
      this.add('request-type-changed', 'head', at, where, `accepted any type, now only ${types(head.types)}`);
      return;
    }
    const lost = [...(base.types ?? [])].filter((type) => !coversType(head.types, type));
    if (lost.includes('null')) this.add('request-type-changed', 'head', at, where, 'no longer accepts null');
    const lostTypes = lost.filter((type) => type !== 'null');
    if (lostTypes.length > 0) {
      this.add('request-type-changed', 'head', at, where, `type changed from ${types(base.types)} to ${types(head.types)}: ${lostTypes.join(', ')} values are rejected`);
      return;
    }
    if (head.format !== undefined && head.format !== base.format) {
      this.add('request-type-changed', 'head', head.definedAt, where, `format ${base.format ? `changed from ${base.format} to ${head.format}` : `${head.format} added`}: values valid before may be rejected`);
    }

    if (head.enum) {
      if (!base.enum) this.add('request-enum-value-removed', 'head', head.definedAt, where, `a free value is now limited to ${list(head.enum)}`);
      else {
        const removed = base.enum.filter((value) => !head.enum!.some((other) => sameJson(value, other)));
        if (removed.length > 0) this.add('request-enum-value-removed', 'head', head.definedAt, where, `enum lost ${list(removed)}: clients sending ${removed.length === 1 ? 'it' : 'them'} are rejected`);
      }
    }

    const narrowed = (message: string) => this.add('request-bounds-narrowed', 'head', head.definedAt, where, message);
    const showBound = (bound: Shape['lower']) => (bound ? `${bound.exclusive ? 'exclusive ' : ''}${bound.value}` : 'none');
    if (head.lower && (!base.lower || head.lower.value > base.lower.value || (head.lower.value === base.lower.value && head.lower.exclusive && !base.lower.exclusive))) {
      narrowed(`minimum raised from ${showBound(base.lower)} to ${showBound(head.lower)}`);
    }
    if (head.upper && (!base.upper || head.upper.value < base.upper.value || (head.upper.value === base.upper.value && head.upper.exclusive && !base.upper.exclusive))) {
      narrowed(`maximum lowered from ${showBound(base.upper)} to ${showBound(head.upper)}`);
    }
    for (const [keyword, raised] of [
      ['minLength', head.minLength !== undefined && head.minLength > (base.minLength ?? 0)],
      ['minItems', head.minItems !== undefined && head.minItems > (base.minItems ?? 0)],
    ] as const) {
      if (raised) narrowed(`${keyword} raised from ${base[keyword] ?? 'none'} to ${head[keyword]}`);
    }
    for (const [keyword, lowered] of [
      ['maxLength', head.maxLength !== undefined && head.maxLength < (base.maxLength ?? Infinity)],
      ['maxItems', head.maxItems !== undefined && head.maxItems < (base.maxItems ?? Infinity)],
    ] as const) {
      if (lowered) narrowed(`${keyword} lowered from ${base[keyword] ?? 'none'} to ${head[keyword]}`);
    }
    if (head.pattern !== undefined && head.pattern !== base.pattern) {
      narrowed(base.pattern === undefined ? `pattern ${head.pattern} added` : `pattern changed from ${base.pattern} to ${head.pattern}`);
    }
    if (head.uniqueItems && !base.uniqueItems) narrowed('uniqueItems added: arrays with repeated items are rejected');
    if (head.additionalProperties === false && base.additionalProperties !== false && (head.types === undefined || head.types.has('object'))) {
      narrowed('additionalProperties: false added: objects with other properties are rejected');
    }

    for (const name of head.required) {
      if (base.required.has(name) || !this.isObjectLike(head)) continue;
      const pointer = head.properties.get(name)?.pointer ?? pointerTo(head.pointer, 'required');
      this.add(
        'request-field-added-required',
        'head',
        pointer,
        where,
        base.properties.has(name) ? `field ${name} became required: clients that omit it are rejected` : `new required field ${name}: clients that omit it are rejected`,
      );
    }
    for (const [name, property] of base.properties) {
      const after = head.properties.get(name);
      if (!after) {
        const closed = head.additionalProperties === false;
        this.add(
          'request-field-removed',
          'base',
          property.pointer,
          where,
          closed ? `field ${name} was removed and the object is closed: clients still sending it are rejected` : `field ${name} was removed: what clients still send in it is ignored`,
          closed ? 'breaking' : 'warning',
        );
        continue;
      }
      this.compareSchemas('request', property, after, `${where} .${name}`);
    }
    if (base.additionalProperties && isObject(base.additionalProperties.node) && head.additionalProperties && isObject(head.additionalProperties.node)) {
      this.compareSchemas('request', base.additionalProperties, head.additionalProperties, `${where} (other properties)`);
    }
    if (base.items && head.items) this.compareSchemas('request', base.items, head.items, `${where} []`);

    // anyOf/oneOf: every alternative accepted before must still be accepted.
    if (base.variants.length > 0) {
      for (const [variant, counterpart] of this.matchVariants(base.variants, head.variants, headLocated)) {
        if (counterpart) this.compareSchemas('request', variant, counterpart, where);
        else this.add('request-type-changed', 'base', variant.pointer, where, 'this alternative is no longer accepted');
      }
    }
  }

  /** Response and webhook side: every value the head schema allows must have been allowed by the base one. */
  private compareProduced(direction: 'response' | 'webhook', base: Shape, head: Shape, baseLocated: Located, where: string) {
    const rule = <T extends string>(suffix: T) => `${direction}-${suffix}` as `${typeof direction}-${T}` & RuleId;
    const at = this.changedAt(base, head);
    const gained = head.types ? [...head.types].filter((type) => !coversType(base.types, type)) : base.types ? ['any type'] : [];
    if (gained.includes('null')) this.add(rule('field-became-nullable'), 'head', at, where, 'can now be null: clients that do not expect null break');
    const gainedTypes = gained.filter((type) => type !== 'null');
    if (gainedTypes.length > 0) {
      this.add(rule('type-changed'), 'head', at, where, `type changed from ${types(base.types)} to ${types(head.types)}: clients may now get ${gainedTypes.join(', ')}`);
      return;
    }
    if (base.format !== undefined && head.format !== base.format) {
      this.add(rule('type-changed'), 'head', head.definedAt, where, `format ${head.format ? `changed from ${base.format} to ${head.format}` : `${base.format} removed`}: clients parsing it as ${base.format} may fail`);
    }

    if (base.enum) {
      const added = head.enum ? head.enum.filter((value) => !base.enum!.some((other) => sameJson(value, other))) : undefined;
      if (!added || added.length > 0) {
        const what = added ? `enum gained ${list(added)}` : 'enum removed, so any value may now be sent';
        if (base.nonExhaustive) this.add(rule('enum-value-added-non-exhaustive'), 'head', head.definedAt, where, `${what}; the enum is non-exhaustive, so clients must already tolerate unknown values`);
        else this.add(rule('enum-value-added'), 'head', head.definedAt, where, `${what}; the enum is closed, so clients that switch over its values break`);
      }
    }

    for (const name of base.required) {
      const property = head.properties.get(name);
      if (property && !head.required.has(name)) this.add(rule('field-became-optional'), 'head', property.pointer, where, `field ${name} is no longer required: clients that read it unconditionally break`);
    }
    for (const [name, property] of base.properties) {
      const after = head.properties.get(name);
      if (!after) {
        this.add(rule('field-removed'), 'base', property.pointer, where, `field ${name} was removed: clients reading it break`);
        continue;
      }
      this.compareSchemas(direction, property, after, `${where} .${name}`);
    }
    if (base.additionalProperties && isObject(base.additionalProperties.node) && head.additionalProperties && isObject(head.additionalProperties.node)) {
      this.compareSchemas(direction, base.additionalProperties, head.additionalProperties, `${where} (other properties)`);
    }
    if (base.items && head.items) this.compareSchemas(direction, base.items, head.items, `${where} []`);

    // anyOf/oneOf: every alternative sent now must have been announced before.
    if (head.variants.length > 0) {
      for (const [variant, counterpart] of this.matchVariants(head.variants, base.variants, baseLocated)) {
        if (counterpart) this.compareSchemas(direction, counterpart, variant, where);
        else this.add(rule('type-changed'), 'head', variant.pointer, where, `a new alternative (${plural(head.variants.length, 'alternative')} now): clients may get a shape they do not know`);
      }
    }
  }

  /**
   * Where a change of type or nullability is: in the definition when both sides
   * use the same one (a shared component changed), else where it is used (the
   * property now refers to something else).
   */
  private changedAt(base: Shape, head: Shape) {
    return base.pointer === head.pointer ? head.pointer : head.site;
  }

  private isObjectLike(shape: Shape) {
    return !shape.types || shape.types.has('object');
  }

  /**
   * Pairs the alternatives of one side with those of the other: by the schema
   * they refer to when both are $refs, else by position. When the other side
   * has no alternatives, each is paired with its whole schema.
   */
  private matchVariants(from: Located[], to: Located[], whole: Located): [Located, Located | undefined][] {
    if (to.length === 0) return from.map((variant) => [variant, whole]);
    const refOf = (located: Located) => (isObject(located.node) && typeof located.node.$ref === 'string' ? located.node.$ref : undefined);
    const used = new Set<number>();
    return from.map((variant, i) => {
      const ref = refOf(variant);
      let index = ref ? to.findIndex((other, j) => !used.has(j) && refOf(other) === ref) : -1;
      if (index < 0 && !ref && i < to.length && !used.has(i) && !refOf(to[i]!)) index = i;
      if (index < 0) return [variant, undefined];
      used.add(index);
      return [variant, to[index]];
    });
  }
}
